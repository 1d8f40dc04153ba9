#!/bin/sh
# Prints comment lines without end (for SAT and QBF alike); the runner must cut it at its
# output cap with a clear error instead of filling the memory.
exec yes "c babbling"
