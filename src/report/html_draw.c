/* html_draw.c: a position drawn for a page, as inline SVG with a text alternative. The
 * chopsticks family: both players' hands (two, or what the rules' count says) across a table,
 * player 2 above, player 1 below, the board as wide as the most hands a player has,
 * each hand a palm with its fingers raised (as many as it holds, out of the N-1 it can hold,
 * the others folded and drawn faint, so they can be counted); a hand past ten fingers shows
 * its number (a short form with the full number on hover when it would not fit); a dead hand is
 * crossed out. The one-die game: the die's top face as pips and the running total as a bar towards
 * the target. The player to move is marked by a word and an arrow, never by colour alone. The
 * game's options come from chopsat_rules_describe. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report/html.h"

/* The value of option key in the canonical description of r ("fingers" -> "5"), or "". */
static void option_of(const chopsat_rules *r, const char *key, char *buf, size_t size)
{
    char desc[256];
    chopsat_rules_describe(r, desc, sizeof desc);
    size_t n = strlen(key);
    buf[0] = 0;
    for (char *p = desc; (p = strstr(p, key)); p += n) {
        if ((p == desc || p[-1] == ',') && p[n] == '=') {
            size_t len = strcspn(p + n + 1, ",");
            snprintf(buf, size, "%.*s", (int)len, p + n + 1);
            return;
        }
    }
}

static bool is_onedie(const chopsat_rules *r)
{
    return !strcmp(chopsat_rules_game(r), "onedie");
}

/* The chopsticks options a drawing needs: fingers per hand, ordered hands, whether an empty
 * hand is dead (win=eliminate) or merely empty (win=finish). */
typedef struct chop_look {
    unsigned long fingers;
    bool ordered, dead_empty;
} chop_look;

static chop_look look_of(const chopsat_rules *r)
{
    char v[32];
    chop_look l;
    option_of(r, "fingers", v, sizeof v);
    l.fingers = strtoul(v, NULL, 10);
    option_of(r, "hands", v, sizeof v);
    l.ordered = !strcmp(v, "ordered");
    option_of(r, "win", v, sizeof v);
    l.dead_empty = strcmp(v, "finish") != 0;
    return l;
}

/* The number of hands player pl + 1 has (2 outside the chopsticks family's count). */
static int hands_of(const chopsat_rules *r, int pl)
{
    int h = chopsat_rules_hands(r, pl + 1);
    return h < 1 ? 2 : h > CHOPSAT_HANDS_MAX ? CHOPSAT_HANDS_MAX : h;
}

/* The words of player pl + 1's hands for the text alternative: with two hands "player 1: one
 * hand 1, the other 1" (ordered: "left 1, right 1"); with any other count "player 1: hands 1,
 * 1, 1" (ordered: "hands A 1, B 1, C 1"), or "player 1: one hand 3". */
static void player_words(const chopsat_rules *r, const chop_look *l, const chopsat_pos *pos, int pl,
                         char *buf, size_t size)
{
    int h = hands_of(r, pl), first = pl ? hands_of(r, 0) : 0;
    if (h == 2) {
        const char *side[2] = {l->ordered ? "left" : "one hand",
                               l->ordered ? "right" : "the other"};
        snprintf(buf, size, "player %d: %s %" PRIu64 ", %s %" PRIu64, pl + 1, side[0],
                 pos->v[first], side[1], pos->v[first + 1]);
        return;
    }
    size_t len =
        (size_t)snprintf(buf, size, "player %d: %s", pl + 1, h == 1 ? "one hand" : "hands");
    for (int i = 0; i < h && len < size; i++) {
        char letter[4] = "";
        if (l->ordered && h > 1) snprintf(letter, sizeof letter, "%c ", 'A' + i);
        len += (size_t)snprintf(buf + len, size - len, "%s %s%" PRIu64, i ? "," : "", letter,
                                pos->v[first + i]);
    }
}

void html_describe_position(const chopsat_rules *r, const chopsat_pos *pos, char *buf, size_t size)
{
    int w = chopsat_pos_winner(r, pos);
    char turn[64];
    if (w)
        snprintf(turn, sizeof turn, "the game is over: player %d has won", w);
    else
        snprintf(turn, sizeof turn, "player %u to move", pos->mover);
    if (is_onedie(r)) {
        char t[32];
        option_of(r, "target", t, sizeof t);
        if (pos->v[1])
            snprintf(buf, size, "total %u of %s, the die shows %u on top; %s", (unsigned)pos->v[0],
                     t, (unsigned)pos->v[1], turn);
        else
            snprintf(buf, size, "total %u of %s, the die not yet rolled; %s", (unsigned)pos->v[0],
                     t, turn);
        return;
    }
    chop_look l = look_of(r);
    char p[2][CHOPSAT_POS_MAX + 64];
    for (int pl = 0; pl < 2; pl++)
        player_words(r, &l, pos, pl, p[pl], sizeof p[pl]);
    snprintf(buf, size, "%s; %s; %s (fingers per hand)", p[0], p[1], turn);
}

/* The palm's room for its count, in pixels (the palm is 64 wide), and the most characters
 * that fit it at the count's full size. */
#define COUNT_ROOM 56
#define COUNT_FITS 6

/* A hand's count as it fits its palm: false when side and value fit COUNT_FITS characters as
 * they are; else true with label a short form (side, then the value with 3 significant digits
 * and its power of ten, "2.66e9"; the value itself up to 999999), drawn smaller and squeezed
 * to the palm with the full number on hover. */
static bool count_label(uint64_t value, const char *side, char *label, size_t size)
{
    char full[32];
    snprintf(full, sizeof full, "%s%" PRIu64, side, value);
    if (strlen(full) <= COUNT_FITS) return false;
    if (value < 1000000) {
        snprintf(label, size, "%s", full);
        return true;
    }
    int e = 2;         /* the power of ten of m's first digit */
    uint64_t unit = 1; /* value = m * unit + rest, m of three digits */
    while (value / unit >= 1000)
        unit *= 10, e++;
    uint64_t m = value / unit;
    if ((value % unit) >= unit - unit / 2) m++; /* rounded half up */
    if (m == 1000) m = 100, e++;
    snprintf(label, size, "%s%u.%02ue%d", side, (unsigned)(m / 100), (unsigned)(m % 100), e);
    return true;
}

/* One hand at (x, y), its palm 64 wide; up: the fingers point up (player 1) or down; side:
 * "L " or "R " before the number when hands are ordered, else "". */
static void hand(FILE *f, const chop_look *l, uint64_t value, int x, int y, bool up,
                 const char *ink, const char *side)
{
    int slots = l->fingers < 2 ? 1 : l->fingers > 12 ? 11 : (int)l->fingers - 1;
    bool dead = value == 0 && l->dead_empty;
    int palm_y = up ? y + 34 : y, finger_y = up ? y : y + 26;
    if (slots <= 10 && value <= 10) {
        double w = 56.0 / slots > 13 ? 13 : 56.0 / slots, left = x + 32 - w * slots / 2;
        for (int i = 0; i < slots; i++) {
            double fx = left + i * w + w * 0.14;
            if ((unsigned)i < value)
                fprintf(f,
                        "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"38\" rx=\"%.1f\" "
                        "class=\"finger\" fill=\"%s\"/>",
                        fx, finger_y - 4 * up, w * 0.72, w * 0.36, ink);
            else
                fprintf(f,
                        "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" rx=\"%.1f\" "
                        "class=\"folded\"/>",
                        fx, up ? finger_y + 20 : finger_y, w * 0.72, 14, w * 0.36);
        }
    }
    fprintf(f,
            "<rect x=\"%d\" y=\"%d\" width=\"64\" height=\"30\" rx=\"9\" class=\"palm%s\" "
            "stroke=\"%s\"/>",
            x, palm_y, dead ? " dead" : "", ink);
    if (dead) /* crossed out, then the word over the cross */
        fprintf(f, "<path d=\"M%d %dL%d %dM%d %dL%d %d\" class=\"cross\"/>", x + 6, palm_y + 4,
                x + 58, palm_y + 26, x + 58, palm_y + 4, x + 6, palm_y + 26);
    char label[48];
    bool wide = !dead && count_label(value, side, label, sizeof label);
    fprintf(f, "<text x=\"%d\" y=\"%d\" class=\"count%s\"", x + 32, palm_y + 20,
            dead   ? " deadword"
            : wide ? " wide"
                   : "");
    if (wide) /* squeezed to the palm, whatever the font: it never spills out of its box */
        fprintf(f, " textLength=\"%d\" lengthAdjust=\"spacingAndGlyphs\"", COUNT_ROOM);
    fputs(">", f);
    if (dead)
        fprintf(f, "%sdead", side);
    else if (wide) /* the full number on hover */
        fprintf(f, "<title>%s%" PRIu64 " fingers</title>%s", side, value, label);
    else
        fprintf(f, "%s%" PRIu64, side, value);
    fputs("</text>", f);
}

/* The board's width for r: 260 as for two hands a player, wider for more. */
static int board_width(const chopsat_rules *r)
{
    int most = hands_of(r, 0) > hands_of(r, 1) ? hands_of(r, 0) : hands_of(r, 1);
    return most <= 2 ? 260 : 92 + 84 * most;
}

/* The letter before hand h's count: "L "/"R " with two ordered hands, "A ", "B ", ... with any
 * other count of ordered hands, "" for unordered hands or a lone hand. */
static void side_of(const chop_look *l, int h, int count, char *buf, size_t size)
{
    if (!l->ordered || count == 1)
        snprintf(buf, size, "%s", "");
    else if (count == 2)
        snprintf(buf, size, "%s", h ? "R " : "L ");
    else
        snprintf(buf, size, "%c ", 'A' + h);
}

/* The players' hands, each player's in a row; the mover's name in bold with an arrow. */
static void draw_chop(FILE *f, const chopsat_rules *r, const chopsat_pos *pos)
{
    chop_look l = look_of(r);
    static const char *ink[2] = {"#1f4e9c", "#8a3b00"};
    int w = chopsat_pos_winner(r, pos), vw = board_width(r);
    for (int pl = 1; pl >= 0; pl--) {
        bool up = pl == 0;
        int y = up ? 104 : 6, label_y = up ? 160 : 26;
        bool moves = !w && pos->mover == (uint32_t)pl + 1;
        fprintf(f, "<text x=\"4\" y=\"%d\" class=\"who%s\" fill=\"%s\">%splayer %d</text>", label_y,
                moves ? " mover" : "", ink[pl], moves ? "&#9654; " : "", pl + 1);
        int count = hands_of(r, pl), first = pl ? hands_of(r, 0) : 0;
        for (int h = 0; h < count; h++) {
            char side[4];
            side_of(&l, h, count, side, sizeof side);
            hand(f, &l, pos->v[first + h], 92 + 84 * h, y, up, ink[pl], side);
        }
    }
    fprintf(f, "<line x1=\"4\" y1=\"88\" x2=\"%d\" y2=\"88\" class=\"table\"/>", vw - 4);
    if (w)
        fprintf(f, "<text x=\"%d\" y=\"92\" class=\"turn\">player %d has won</text>", vw / 2, w);
    else
        fprintf(f, "<text x=\"%d\" y=\"92\" class=\"turn\">player %u to move</text>", vw / 2,
                pos->mover);
}

/* The pips of face n (1..6) on a die at (x, y), 64 wide. */
static void pips(FILE *f, unsigned n, int x, int y)
{
    static const char *layout[7] = {"", "4", "06", "048", "0268", "02468", "023568"};
    static const int px[9] = {16, 32, 48, 16, 32, 48, 16, 32, 48};
    static const int py[9] = {16, 16, 16, 32, 32, 32, 48, 48, 48};
    /* cells 0..8 row by row; '0' top left .. '8' bottom right */
    if (n > 6) return;
    for (const char *c = layout[n]; *c; c++) {
        int k = *c - '0';
        fprintf(f, "<circle cx=\"%d\" cy=\"%d\" r=\"6\" class=\"pip\"/>", x + px[k], y + py[k]);
    }
}

/* The die and the running total. */
static void draw_onedie(FILE *f, const chopsat_rules *r, const chopsat_pos *pos)
{
    char t[32];
    option_of(r, "target", t, sizeof t);
    unsigned long target = strtoul(t, NULL, 10);
    unsigned total = (unsigned)pos->v[0];
    fprintf(f, "<rect x=\"8\" y=\"12\" width=\"64\" height=\"64\" rx=\"10\" class=\"die\"/>");
    if (pos->v[1])
        pips(f, pos->v[1], 8, 12);
    else
        fputs("<text x=\"40\" y=\"52\" class=\"count\">?</text>", f);
    fprintf(f, "<text x=\"40\" y=\"94\" class=\"lr\">%s %u</text>",
            pos->v[1] ? "top" : "not rolled", (unsigned)pos->v[1]);
    double frac = target ? (double)total / (double)target : 0;
    if (frac > 1) frac = 1;
    fprintf(f, "<text x=\"92\" y=\"30\" class=\"who\">total %u of %lu</text>", total, target);
    fprintf(f,
            "<rect x=\"92\" y=\"38\" width=\"160\" height=\"18\" class=\"bar\"/>"
            "<rect x=\"92\" y=\"38\" width=\"%.1f\" height=\"18\" class=\"barfill\"/>",
            160 * frac);
    if (total <= target)
        fprintf(f, "<text x=\"92\" y=\"74\" class=\"small\">%lu to go</text>", target - total);
    int w = chopsat_pos_winner(r, pos);
    if (w)
        fprintf(f, "<text x=\"92\" y=\"94\" class=\"who mover\">player %d has won</text>", w);
    else
        fprintf(f, "<text x=\"92\" y=\"94\" class=\"who mover\">&#9654; player %u to move</text>",
                pos->mover);
}

void html_draw_position(FILE *f, const chopsat_rules *r, const chopsat_pos *pos, int large)
{
    char alt[2 * CHOPSAT_POS_MAX + 200];
    html_describe_position(r, pos, alt, sizeof alt);
    bool die = is_onedie(r);
    int vw = die ? 260 : board_width(r), vh = die ? 104 : 180;
    int width = (large ? 260 : 104) * vw / 260;
    fprintf(f,
            "<svg class=\"board%s\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
            "role=\"img\" aria-label=\"",
            large ? " large" : " small", vw, vh, width, width * vh / vw);
    html_text(f, alt);
    fputs("\"><title>", f);
    html_text(f, alt);
    fputs("</title>", f);
    if (die)
        draw_onedie(f, r, pos);
    else
        draw_chop(f, r, pos);
    fputs("</svg>", f);
}
