/* text_check.h: what the text and JSON reports of `check` share (text_check.c). Internal to the
 * room. */
#ifndef CHOPSAT_REPORT_TEXT_CHECK_H
#define CHOPSAT_REPORT_TEXT_CHECK_H

#include <stddef.h>
#include <stdio.h>

#include "chopsat_tool.h"

/* The line saying whether the moves are legal and c->win has won at their end (w: the winner
 * there, 0 when the game goes on), into buf; returns buf. */
const char *report_win_verdict(const chopsat_move_check *c, int w, char *buf, size_t size);

#endif
