#!/bin/sh
# Starts, then dies of a segmentation fault.
echo "c starting"
kill -SEGV $$
