/* cli_options.h: every subcommand and every option of the chopsat command, each declared once,
 * as lists in the style of Kissat's options.h: a user of a list defines COMMAND, OPTION or
 * CHOICE, expands CLI_COMMANDS, CLI_OPTIONS or CLI_CHOICES, and undefines it again. From these
 * lists come the enums of commands, options and choices, the fields of struct cli_opts and
 * their defaults (cli.h), and, in cli_options.c, the parser, which command takes which option
 * and which of its words, and the help text (`chopsat help`, `help CMD`, `CMD --help`).
 * docs/cli.md describes the same options; tests/cli_options.sh checks that it names every one
 * of every command. Nothing else names an option's flag or compares an option's word. */
#ifndef CHOPSAT_CLI_OPTIONS_H
#define CHOPSAT_CLI_OPTIONS_H

/* clang-format off */

/* COMMAND(name, usage, what): the subcommands in the order `chopsat help` lists them; cli_<name>
 * runs one (argv after its name), the usage line and the question it answers are its help. */
#define CLI_COMMANDS \
COMMAND(rules,   "rules", "list presets and options") \
COMMAND(moves,   "moves POS", "the legal moves of a position") \
COMMAND(solve,   "solve [POS] | solve --all", "exact value, distance, best moves, line") \
COMMAND(stats,   "stats [--from POS]", "state-graph statistics") \
COMMAND(chart,   "chart", "the best-move chart (+ win, - loss, blank draw)") \
COMMAND(graph,   "graph [--from POS] [-o F]", "the reachable game graph as Graphviz DOT") \
COMMAND(play,    "play [--human 1|2|both|none]", "play the computer (--blunder P, --seed S)") \
COMMAND(reach,   "reach A B -k K", "can B be reached from A within K moves?") \
COMMAND(win,     "win A -k K [--player P]", "can P win from A within K moves (cooperative)?") \
COMMAND(dimacs,  "dimacs reach|win ... [-o F]", "the question as DIMACS with a variable map") \
COMMAND(decode,  "decode FILE MODEL [--frames]", "a solver's model of a dimacs, aiger or smt2 file as moves") \
COMMAND(diff,    "diff A.cnf B.cnf [--with NAME]", "two formulas compared clause by clause, by names") \
COMMAND(aiger,   "aiger reach|win ... [-k K] [-o F]", "the game as an AIGER transition system, the question as its bad state") \
COMMAND(smt2,    "smt2 reach|win ... -k K [-o F]", "the question as an SMT-LIB 2 (QF_BV) unrolling") \
COMMAND(batch,   "batch FILE", "answer a file of questions, one per line, as JSON lines") \
COMMAND(force,   "force A [--to B] -k K [--player P]", "can P force a win (or B) within K? (BDD, QBF)") \
COMMAND(qdimacs, "qdimacs force ... [-o F]", "the forced question as QDIMACS with a variable map") \
COMMAND(check,   "check A MOVES... | check --strategy FILE", "is a typed move sequence legal (who won)? is a strategy winning?") \
COMMAND(certify, "certify FILE", "check a certificate of a never (an inductive invariant)") \

/* The commands an option or a choice is for: CMD(win) | CMD(reach) ...; ANY: every command that
 * takes the option (for a choice). */
#define CMD(name) (1ul << CMD_##name)
#define ANY (~0ul)
#define ALL_COMMANDS ((1ul << CLI_COMMAND_COUNT) - 1)
#define SAT_ANSWERS (CMD(reach) | CMD(win))
#define BOUNDED (SAT_ANSWERS | CMD(dimacs) | CMD(aiger) | CMD(smt2))
#define FORCED (CMD(force) | CMD(qdimacs))

/* OPTION(ID, field, flag, VALUE, kind, default, lo, hi, commands, help): the options in the
 * order help lists them. kind is SWITCH (a bool, set when present), TEXT (any word: a const
 * char *), CHOICE (one of the words CLI_CHOICES lists for ID, held as its enum cli_choice),
 * WHOLE (a whole number lo..hi: a long) or REAL (a decimal number lo..hi: a double); the field
 * holds default when the option is absent (given[OPT_ID] says whether it appeared). VALUE
 * names the value in help. */
#define CLI_OPTIONS \
OPTION(RULES,          rules_text,     "--rules",          "PRESET[,key=value...]", TEXT,   NULL,  0, 0, ALL_COMMANDS & ~(CMD(decode) | CMD(diff) | CMD(batch) | CMD(certify)), "the game and its options (default standard; 'chopsat rules' lists them)") \
OPTION(FORMAT,         format,         "--format",         "F",    CHOICE, FMT_TEXT, 0, 0, CMD(moves) | CMD(solve) | CMD(stats) | CMD(chart) | SAT_ANSWERS | CMD(decode) | CMD(diff) | CMD(aiger) | CMD(force) | CMD(check) | CMD(certify), "the output format (default text; json and csv are for scripts)") \
OPTION(OUT,            out_path,       "-o",               "FILE", TEXT,   NULL,  0, 0, CMD(solve) | CMD(chart) | CMD(graph) | CMD(dimacs) | CMD(aiger) | CMD(smt2) | CMD(qdimacs), "write to FILE (it appears only when complete; - is standard output)") \
OPTION(K,              k,              "-k",               "K",    WHOLE,  -1,    0, CHOPSAT_MAX_K, BOUNDED | FORCED | CMD(check), "the bound on the number of moves, plies of both players (required, except by check); reach and win also take inf") \
OPTION(PLAYER,         player,         "--player",         "P",    WHOLE,  1,     1, 2, BOUNDED | FORCED, "the player asked about, default 1") \
OPTION(FROM,           from,           "--from",           "POS",  TEXT,   NULL,  0, 0, CMD(stats) | CMD(graph) | CMD(play), "the starting position (default start)") \
OPTION(TO,             to,             "--to",             "B",    TEXT,   NULL,  0, 0, FORCED | CMD(check), "the position P must force the game into, instead of a win") \
OPTION(ALL,            all,            "--all",            NULL,   SWITCH, false, 0, 0, CMD(solve), "every position of the game as a table, instead of one position") \
OPTION(SOLVER,         solver,         "--solver",         "NAME", TEXT,   NULL,  0, 0, SAT_ANSWERS | CMD(force) | CMD(certify), "the solver: a linked-in one by name or external:CMD (docs/solvers.md)") \
OPTION(TIMEOUT,        timeout,        "--timeout",        "S",    REAL,   0,     0.001, 1e7, SAT_ANSWERS | CMD(force) | CMD(certify), "a wall-clock limit in seconds for each solver call, default none") \
OPTION(NO_REPEAT,      no_repeat,      "--no-repeat",      "R",    CHOICE, REPEAT_OFF, 0, 0, BOUNDED, "off (default); immediate: no block of positions repeated at once; path: no position twice") \
OPTION(EXACT,          exact,          "--exact",          NULL,   SWITCH, false, 0, 0, BOUNDED, "exactly K moves instead of at most K (one solver call)") \
OPTION(NO_INCREMENTAL, no_incremental, "--no-incremental", NULL,   SWITCH, false, 0, 0, SAT_ANSWERS, "encode the formula afresh for every k instead of deepening one") \
OPTION(NO_CHECK,       no_check,       "--no-check",       NULL,   SWITCH, false, 0, 0, SAT_ANSWERS | CMD(force), "skip the cross-check against the explicit engine (the output says so)") \
OPTION(MOVE_ENCODING,  move_encoding,  "--move-encoding",  "E",    CHOICE, ENC_ONEHOT, 0, 0, BOUNDED | FORCED, "one variable per move (default), the move's number in binary, or textbook: plain clauses per move (small games)") \
OPTION(POLARITY,       polarity,       "--polarity",       NULL,   SWITCH, false, 0, 0, SAT_ANSWERS | CMD(dimacs) | FORCED, "Plaisted-Greenbaum clauses: only the implications each gate needs") \
OPTION(PROOF,          proof,          "--proof",          "FILE", TEXT,   NULL,  0, 0, SAT_ANSWERS, "for a no, write a DRAT proof to FILE and check it") \
OPTION(PREFIX,         prefix,         "--prefix",         "P",    CHOICE, PREFIX_LEVELLED, 0, 0, FORCED, "where state and gate variables go in the quantifier prefix (default levelled)") \
OPTION(HUMAN,          human,          "--human",          "H",    CHOICE, HUMAN_1, 0, 0, CMD(play), "who types the moves (default 1; both: two people, none: a demonstration)") \
OPTION(BLUNDER,        blunder,        "--blunder",        "P",    REAL,   0,     0, 1, CMD(play), "the probability that the computer plays a random move, default 0") \
OPTION(SEED,           seed,           "--seed",           "S",    WHOLE,  0,     0, 2147483647, CMD(play), "the seed of the random generator, default from the clock (printed)") \
OPTION(SYMBOLIC,       symbolic,       "--symbolic",       NULL,   SWITCH, false, 0, 0, CMD(solve) | CMD(stats), "the BDD engine (docs/forced.md) instead of the explicit solver: larger games") \
OPTION(STRATEGY,       strategy,       "--strategy",       "FILE", TEXT,   NULL,  0, 0, CMD(check), "check the strategy (or refutation) in FILE, JSON as force writes it (- is standard input)") \
OPTION(QUIET,          quiet,          "--quiet",          NULL,   SWITCH, false, 0, 0, CMD(solve) | CMD(stats) | CMD(chart) | CMD(graph) | SAT_ANSWERS | CMD(force), "no progress lines on standard error (shown only when it is a terminal)") \
OPTION(TREE_DEPTH,     tree_depth,     "--tree-depth",     "D",    WHOLE,  -1,    0, CHOPSAT_MAX_K, CMD(force), "print the tree only to depth D (the rest is counted, not shown)") \
OPTION(UNBOUNDED,      unbounded,      "--unbounded",      NULL,   SWITCH, false, 0, 0, SAT_ANSWERS, "no bound: reachable ever, or never (the same as -k inf)") \
OPTION(ENGINE,         engine,         "--engine",         "E",    CHOICE, ENGINE_IC3, 0, 0, SAT_ANSWERS, "the unbounded engine: ic3 (default, IC3/PDR) or kind (k-induction)") \
OPTION(CERTIFICATE,    certificate,    "--certificate",    "FILE", TEXT,   NULL,  0, 0, SAT_ANSWERS, "for a never, write the checked inductive invariant to FILE") \
OPTION(ANNOTATE,       annotate,       "--annotate",       NULL,   SWITCH, false, 0, 0, CMD(dimacs), "a comment before every clause saying what it encodes, and stable names") \
OPTION(FRAMES,         frames,         "--frames",         NULL,   SWITCH, false, 0, 0, CMD(decode), "also a table of every named variable's value per frame") \
OPTION(WITH,           with,           "--with",           "NAME", TEXT,   NULL,  0, 0, CMD(diff), "compare only the clauses that have the variable NAME (e.g. f0.move.tap_LR)") \
OPTION(HELP,           help,           "--help",           NULL,   SWITCH, false, 0, 0, ALL_COMMANDS, "this help") \

/* CHOICE(OPTION_ID, NAME, word, commands): the words of the CHOICE options, each option's in
 * the order help lists them (the default first), and the commands that take the word (ANY:
 * every command that takes the option). The option's field holds NAME. */
#define CLI_CHOICES \
CHOICE(FORMAT,        FMT_TEXT,         "text",      ~CMD(aiger)) \
CHOICE(FORMAT,        FMT_JSON,         "json",      ~CMD(aiger)) \
CHOICE(FORMAT,        FMT_CSV,          "csv",       CMD(moves) | CMD(solve) | CMD(stats) | CMD(chart)) \
CHOICE(FORMAT,        FMT_AAG,          "aag",       CMD(aiger)) \
CHOICE(FORMAT,        FMT_AIG,          "aig",       CMD(aiger)) \
CHOICE(NO_REPEAT,     REPEAT_OFF,       "off",       ANY) \
CHOICE(NO_REPEAT,     REPEAT_IMMEDIATE, "immediate", ANY) \
CHOICE(NO_REPEAT,     REPEAT_PATH,      "path",      ANY) \
CHOICE(MOVE_ENCODING, ENC_ONEHOT,       "onehot",    ANY) \
CHOICE(MOVE_ENCODING, ENC_BINARY,       "binary",    ANY) \
CHOICE(MOVE_ENCODING, ENC_TEXTBOOK,     "textbook",  ANY) \
CHOICE(PREFIX,        PREFIX_LEVELLED,  "levelled",  ANY) \
CHOICE(PREFIX,        PREFIX_INNERMOST, "innermost", ANY) \
CHOICE(HUMAN,         HUMAN_1,          "1",         ANY) \
CHOICE(HUMAN,         HUMAN_2,          "2",         ANY) \
CHOICE(HUMAN,         HUMAN_BOTH,       "both",      ANY) \
CHOICE(HUMAN,         HUMAN_NONE,       "none",      ANY) \
CHOICE(ENGINE,        ENGINE_IC3,       "ic3",       ANY) \
CHOICE(ENGINE,        ENGINE_KIND,      "kind",      ANY) \

/* clang-format on */

/* The type of an option's field, by its kind. */
#define CLI_TYPE_SWITCH bool
#define CLI_TYPE_TEXT   const char *
#define CLI_TYPE_CHOICE enum cli_choice
#define CLI_TYPE_WHOLE  long
#define CLI_TYPE_REAL   double

enum cli_command_id {
#define COMMAND(name, usage, what) CMD_##name,
    CLI_COMMANDS
#undef COMMAND
    CLI_COMMAND_COUNT
};

enum cli_opt_id {
#define OPTION(ID, field, flag, value, kind, def, lo, hi, cmds, help) OPT_##ID,
    CLI_OPTIONS
#undef OPTION
    CLI_OPT_COUNT
};

enum cli_choice {
#define CHOICE(opt, NAME, word, cmds) NAME,
    CLI_CHOICES
#undef CHOICE
    CLI_CHOICE_COUNT
};

#endif
