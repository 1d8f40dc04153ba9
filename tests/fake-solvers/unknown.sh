#!/bin/sh
# Gives up.
echo "s UNKNOWN"
exit 0
