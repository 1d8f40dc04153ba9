/* cli_options.h: every subcommand and every option of the chopsat command, each declared once,
 * as lists in the style of Kissat's options.h: a user of a list defines COMMAND, OPTION,
 * CHOICE or ALIAS, expands CLI_COMMANDS, CLI_OPTIONS, CLI_CHOICES or CLI_ALIASES, and undefines
 * it again. From these
 * lists come the enums of commands, options and choices, the fields of struct cli_opts and
 * their defaults (cli.h), and, in cli_options.c, the parser, which command takes which option
 * and which of its words, and the help text (`chopsat help`, `help CMD`, `CMD --help`).
 * docs/cli.md describes the same options; tests/lint/options.sh checks that it names every one
 * of every command. Nothing else names an option's flag or compares an option's word. */
#ifndef CHOPSAT_CLI_OPTIONS_H
#define CHOPSAT_CLI_OPTIONS_H

/* clang-format off */

/* COMMAND(name, args, usage, what, exits): the subcommands in the order `chopsat help` lists
 * them; cli_<name> runs one (argv after its name). args are its required positional arguments,
 * separated by '|', as a usage error names the first one missing ("reach needs a target
 * position B"); usage and what are its help; exits its exit statuses besides 1 (an error) and
 * 2 (bad usage), for help and the manual page. */
#define CLI_COMMANDS \
COMMAND(rules,   "", "rules", "list presets and options", "0 done") \
COMMAND(moves,   "a position POS", "moves POS", "the legal moves of a position", "0 done") \
COMMAND(solve,   "", "solve [POS] | solve --all", "exact value, distance, best moves, line", "0 done") \
COMMAND(stats,   "", "stats [--from POS]", "state-graph statistics", "0 done") \
COMMAND(chart,   "", "chart", "the best-move chart (+ win, - loss, blank draw)", "0 done") \
COMMAND(graph,   "", "graph [--from POS] [-o F]", "the reachable game graph as Graphviz DOT", "0 done") \
COMMAND(play,    "", "play [--human 1|2|both|none]", "play the computer (--blunder P, --seed S)", "0 however the game ends") \
COMMAND(reach,   "a starting position A|a target position B", "reach A B -k K", "can B be reached from A within K moves?", "10 yes; 20 no; 3 a failed cross-check") \
COMMAND(win,     "a starting position A", "win A -k K [--player P]", "can P win from A within K moves (cooperative)?", "10 yes; 20 no; 3 a failed cross-check") \
COMMAND(dimacs,  "a question, reach or win", "dimacs reach|win ... [-o F]", "the question as DIMACS with a variable map", "0 done") \
COMMAND(decode,  "a formula FILE (from dimacs, aiger or smt2)|the solver's model MODEL", "decode FILE MODEL [--frames]", "a solver's model of a dimacs, aiger or smt2 file as moves", "10 satisfiable (the witness replays); 20 unsatisfiable; 3 the witness does not replay") \
COMMAND(diff,    "a first formula A.cnf|a second formula B.cnf", "diff A.cnf B.cnf [--with NAME] [--summary]", "two formulas compared clause by clause, by names", "0 the same clauses; 20 different") \
COMMAND(aiger,   "a question, reach or win", "aiger reach|win ... [-k K] [-o F]", "the game as an AIGER transition system, the question as its bad state", "0 done") \
COMMAND(smt2,    "a question, reach or win", "smt2 reach|win ... -k K [-o F]", "the question as an SMT-LIB 2 (QF_BV) unrolling", "0 done") \
COMMAND(batch,   "a file of questions FILE", "batch FILE", "answer a file of questions, one per line, as JSON lines", "0 every line was read (whatever its answer)") \
COMMAND(force,   "a starting position A", "force A [--to B] -k K [--player P]", "can P force a win (or B) within K? (BDD, QBF)", "10 yes; 20 no; 3 a failed cross-check") \
COMMAND(qdimacs, "a question, force", "qdimacs force ... [-o F]", "the forced question as QDIMACS with a variable map", "0 done") \
COMMAND(check,   "a starting position A (or --strategy FILE)", "check A MOVES... | check --strategy FILE", "is a typed move sequence legal (who won)? is a strategy winning?", "0 legal (and, with --win P, P has won), or the strategy holds; 20 an illegal move (or P has not won), or a tree that does not hold") \
COMMAND(certify, "a certificate FILE", "certify FILE", "check a certificate of a never (an inductive invariant)", "0 the certificate holds; 4 it holds by an external solver's word alone (NOT cross-checked); 20 one of its three checks fails; 3 a failed cross-check (the explicit search reaches the goal)") \
COMMAND(core,    "a formula FILE.cnf", "core FILE.cnf [-o CORE.cnf]", "a minimal unsatisfiable core of a DIMACS file, each clause with its note", "20 a core was found (the file is unsatisfiable); 10 the file is satisfiable: it has no core; 3 the linked solver shows an external solver's core wrong") \
COMMAND_WORD(qbf_eval, "qbf-eval", "a quantified formula FILE.qdimacs", "qbf-eval FILE.qdimacs", "a small QDIMACS formula's truth value by expansion, with the outermost block's answer", "10 true; 20 false") \
COMMAND(grade,   "a submission FILE (with --exercise ID) or a student's FOLDER", "grade --exercise ID FILE | grade FOLDER | grade --list", "a lab exercise's answer graded against its hidden reference (docs/lab/instructor.md)", "0 graded, whatever the score") \
COMMAND(pack,    "a folder DIR", "pack DIR [--presets L] [--questions L] ...", "a benchmark family with checked answers (CNF, QDIMACS, SMT-LIB, AIGER)", "0 the pack is written and every answer checked; 3 a failed cross-check") \
COMMAND(serve,   "", "serve --lab [--listen ADDR:PORT] ...", "the lab for a class in a browser, graded at once", "runs until stopped (a signal: 130, 143, 129)") \

/* COMMAND_WORD(name, word, ...): a command whose word is not a C name (qbf-eval: name qbf_eval,
 * run by cli_qbf_eval); a user of the list that needs the word defines it, others get COMMAND. */
#ifndef COMMAND_WORD
#define COMMAND_WORD(name, word, args, usage, what, exits) COMMAND(name, args, usage, what, exits)
#endif

/* The commands an option or a choice is for: CMD(win) | CMD(reach) ...; ANY: every command that
 * takes the option (for a choice). */
#define CMD(name) (1ul << CMD_##name)
#define ANY (~0ul)
#define ALL_COMMANDS ((1ul << CLI_COMMAND_COUNT) - 1)
#define SAT_ANSWERS (CMD(reach) | CMD(win))
#define UNROLLED (SAT_ANSWERS | CMD(dimacs) | CMD(smt2))
#define BOUNDED (UNROLLED | CMD(aiger))
#define FORCED (CMD(force) | CMD(qdimacs))
/* The commands that also write a page (--format html); the page goes to -o FILE or standard
 * output, their other formats only to standard output. */
#define HTML_PAGES (CMD(solve) | SAT_ANSWERS | CMD(dimacs) | CMD(decode) | CMD(force) | CMD(check))
#define HTML_OUT_ONLY (SAT_ANSWERS | CMD(decode) | CMD(force) | CMD(check))
/* The commands that write files whatever their options (a batch line may run them only with
 * batch --allow-writes, as it may give -o FILE, --proof or --certificate). */
#define WRITES_FILES CMD(pack)
#ifdef CHOPSAT_NO_DEPQBF
#define WITH_DEPQBF 0ul /* a build without DepQBF offers no depqbf solver */
#else
#define WITH_DEPQBF CMD(force)
#endif

/* OPTION(ID, field, flag, VALUE, kind, default, lo, hi, commands, needed, help, refused): the
 * options in the order help lists them. kind is SWITCH (a bool, set when present), TEXT (any
 * word: a const char *), CHOICE (one of the words CLI_CHOICES lists for ID, held as its enum
 * cli_choice), WHOLE (a whole number lo..hi: a long) or REAL (a decimal number lo..hi: a
 * double); the field holds default when the option is absent (given[OPT_ID] says whether it
 * appeared). VALUE names the value in help. commands take the option, and of those, needed
 * cannot do without it. help is its line in `help CMD` (the words, the default and the range
 * are added); refused, when not NULL, is why the other commands do not take it. */
#define CLI_OPTIONS \
OPTION(RULES,          rules_text,     "--rules",          "PRESET[,key=value...]", TEXT,   NULL,  0, 0, ALL_COMMANDS & ~(CMD(decode) | CMD(diff) | CMD(batch) | CMD(certify) | CMD(pack) | CMD(core) | CMD(qbf_eval) | CMD(grade) | CMD(serve)), 0, "the game and its options (default standard; 'chopsat rules' lists them)", NULL) \
OPTION(FORMAT,         format,         "--format",         "F",    CHOICE, FMT_TEXT, 0, 0, CMD(moves) | CMD(solve) | CMD(stats) | CMD(chart) | SAT_ANSWERS | CMD(dimacs) | CMD(decode) | CMD(diff) | CMD(aiger) | CMD(force) | CMD(check) | CMD(certify) | CMD(core) | CMD(qbf_eval) | CMD(grade), 0, "the output format", NULL) \
OPTION(OUT,            out_path,       "-o",               "FILE", TEXT,   NULL,  0, 0, CMD(solve) | CMD(chart) | CMD(graph) | CMD(dimacs) | CMD(aiger) | CMD(smt2) | CMD(qdimacs) | CMD(core) | CMD(grade) | HTML_OUT_ONLY, 0, "write to FILE (it appears only when complete; - is standard output)", NULL) \
OPTION(K,              k,              "-k",               "K",    WHOLE,  -1,    0, CHOPSAT_MAX_K, BOUNDED | FORCED | CMD(check), UNROLLED | FORCED, "the bound on the number of moves, plies of both players", NULL) \
OPTION(PLAYER,         player,         "--player",         "P",    WHOLE,  1,     1, 2, BOUNDED | FORCED, 0, "the player asked about, default 1", NULL) \
OPTION(FROM,           from,           "--from",           "POS",  TEXT,   NULL,  0, 0, CMD(stats) | CMD(graph) | CMD(play), 0, "the starting position (default start)", NULL) \
OPTION(TO,             to,             "--to",             "B",    TEXT,   NULL,  0, 0, FORCED | CMD(check), 0, "the position P must force the game into, instead of a win", NULL) \
OPTION(ALL,            all,            "--all",            NULL,   SWITCH, false, 0, 0, CMD(solve), 0, "every position of the game as a table, instead of one position", NULL) \
OPTION(SOLVER,         solver,         "--solver",         "external:CMD", TEXT, NULL, 0, 0, SAT_ANSWERS | CMD(force) | CMD(certify) | CMD(core), 0, "the solver (external:CMD: a program run on a file; docs/solvers.md)", NULL) \
OPTION(TIMEOUT,        timeout,        "--timeout",        "S",    REAL,   0,     0.001, 1e7, SAT_ANSWERS | CMD(force) | CMD(certify) | CMD(pack) | CMD(batch) | CMD(core), 0, "a wall-clock limit in seconds for each solver call (batch: each question), default none (batch, pack: 300)", NULL) \
OPTION(NO_REPEAT,      no_repeat,      "--no-repeat",      "R",    CHOICE, REPEAT_OFF, 0, 0, UNROLLED, 0, "which repetitions a sequence of moves may not have", "a repetition rule needs every earlier position of one sequence of moves, which only the unrolled formulas of reach, win, dimacs and smt2 keep") \
OPTION(EXACT,          exact,          "--exact",          NULL,   SWITCH, false, 0, 0, BOUNDED, 0, "exactly K moves instead of at most K (one solver call)", NULL) \
OPTION(NO_INCREMENTAL, no_incremental, "--no-incremental", NULL,   SWITCH, false, 0, 0, SAT_ANSWERS, 0, "encode the formula afresh for every k instead of deepening one", NULL) \
OPTION(NO_CHECK,       no_check,       "--no-check",       NULL,   SWITCH, false, 0, 0, SAT_ANSWERS | CMD(force), 0, "skip the cross-check against the explicit engine (the output says so)", NULL) \
OPTION(MOVE_ENCODING,  move_encoding,  "--move-encoding",  "E",    CHOICE, ENC_ONEHOT, 0, 0, BOUNDED | FORCED, 0, "how the formula chooses a move", NULL) \
OPTION(POLARITY,       polarity,       "--polarity",       NULL,   SWITCH, false, 0, 0, SAT_ANSWERS | CMD(dimacs) | FORCED, 0, "Plaisted-Greenbaum clauses: only the implications each gate needs", NULL) \
OPTION(PROOF,          proof,          "--proof",          "FILE", TEXT,   NULL,  0, 0, SAT_ANSWERS, 0, "for a no, write a DRAT proof to FILE and check it", NULL) \
OPTION(PREFIX,         prefix,         "--prefix",         "P",    CHOICE, PREFIX_LEVELLED, 0, 0, FORCED, 0, "where state and gate variables go in the quantifier prefix", NULL) \
OPTION(HUMAN,          human,          "--human",          "H",    CHOICE, HUMAN_1, 0, 0, CMD(play), 0, "who types the moves", NULL) \
OPTION(BLUNDER,        blunder,        "--blunder",        "P",    REAL,   0,     0, 1, CMD(play), 0, "the probability that the computer plays a random move, default 0", NULL) \
OPTION(SEED,           seed,           "--seed",           "S",    WHOLE,  0,     0, 2147483647, CMD(play), 0, "the seed of the random generator, default from the clock (printed)", NULL) \
OPTION(HORIZON,        horizon,        "--horizon",        "H",    WHOLE,  20,    1, CHOPSAT_HORIZON_MAX, CMD(play), 0, "for a game too large for the explicit solver: the computer plays from both players' BDD forcing layers within H moves, default 20 (ignored when the explicit solver holds the game)", NULL) \
OPTION(BDD,            bdd,            "--bdd",            NULL,   SWITCH, false, 0, 0, CMD(solve) | CMD(stats), 0, "the BDD engine (docs/forced.md) instead of the explicit solver: larger games", NULL) \
OPTION(STRATEGY,       strategy,       "--strategy",       "FILE", TEXT,   NULL,  0, 0, CMD(check), 0, "check the strategy (or refutation) in FILE, JSON as force writes it (- is standard input)", NULL) \
OPTION(QUIET,          quiet,          "--quiet",          NULL,   SWITCH, false, 0, 0, CMD(solve) | CMD(stats) | CMD(chart) | CMD(graph) | SAT_ANSWERS | CMD(force) | CMD(pack), 0, "no progress lines on standard error (shown only when it is a terminal)", NULL) \
OPTION(TREE_DEPTH,     tree_depth,     "--tree-depth",     "D",    WHOLE,  -1,    0, CHOPSAT_MAX_K, CMD(force), 0, "print the tree only to depth D (the rest is counted, not shown)", NULL) \
OPTION(UNBOUNDED,      unbounded,      "--unbounded",      NULL,   SWITCH, false, 0, 0, SAT_ANSWERS, 0, "no bound: reachable ever, or never (the same as -k inf)", NULL) \
OPTION(ENGINE,         engine,         "--engine",         "E",    CHOICE, ENGINE_IC3, 0, 0, SAT_ANSWERS, 0, "the unbounded engine", NULL) \
OPTION(CERTIFICATE,    certificate,    "--certificate",    "FILE", TEXT,   NULL,  0, 0, SAT_ANSWERS, 0, "for a never, write the checked inductive invariant to FILE", NULL) \
OPTION(ANNOTATE,       annotate,       "--annotate",       NULL,   SWITCH, false, 0, 0, CMD(dimacs), 0, "a comment before every clause saying what it encodes, and stable names", NULL) \
OPTION(FRAMES,         frames,         "--frames",         NULL,   SWITCH, false, 0, 0, CMD(decode), 0, "also a table of every named variable's value per frame", NULL) \
OPTION(WITH,           with,           "--with",           "NAME", TEXT,   NULL,  0, 0, CMD(diff), 0, "compare only the clauses that have the variable NAME (e.g. f0.move.tap_LR)", NULL) \
OPTION(SUMMARY,        summary,        "--summary",        NULL,   SWITCH, false, 0, 0, CMD(diff), 0, "only the number of missing (only in B) and extra (only in A) clauses per note, not the clauses", NULL) \
OPTION(WIN,            win,            "--win",            "P",    WHOLE,  0,     1, 2, CMD(check), 0, "exit 0 only when the moves are legal and player P has won at their end", NULL) \
OPTION(HIGHLIGHT,      highlight,      "--highlight",      "FILE|MOVES", TEXT, NULL, 0, 0, CMD(graph), 0, "draw this line of play thick: a witness or moves file (JSON or text), or moves 'tap 1>1; 0,3'", NULL) \
OPTION(NO_CONSTRAINTS, no_constraints, "--no-constraints", NULL,   SWITCH, false, 0, 0, CMD(aiger) | CMD(pack), 0, "AIGER without the constraint: folded into the bad state, for tools that read none", NULL) \
OPTION(FORCE,          force_write,    "--force",          NULL,   SWITCH, false, 0, 0, CMD(pack), 0, "write into DIR even when it is not empty (files of the same name are replaced)", NULL) \
OPTION(PRESETS,        presets,        "--presets",        "LIST", TEXT,   NULL,  0, 0, CMD(pack), 0, "the rule presets, comma-separated (docs/benchmarks.md has the defaults)", NULL) \
OPTION(FINGERS,        fingers,        "--fingers",        "LIST", TEXT,   NULL,  0, 0, CMD(pack), 0, "the finger counts of the chopsticks presets, comma-separated", NULL) \
OPTION(QUESTIONS,      questions,      "--questions",      "LIST", TEXT,   NULL,  0, 0, CMD(pack), 0, "of win1 win2 reach force1 force2, comma-separated", NULL) \
OPTION(BOUNDS,         bounds,         "--bounds",         "LIST", TEXT,   NULL,  0, 0, CMD(pack), 0, "the bounds K: min, min-N, min+N (from the least number of moves) or a number", NULL) \
OPTION(FORMATS,        formats,        "--formats",        "LIST", TEXT,   NULL,  0, 0, CMD(pack), 0, "of cnf qdimacs smt2 aiger, comma-separated (default all four)", NULL) \
OPTION(COUNTS,         counts,         "--counts",         "LIST", TEXT,   NULL,  0, 0, CMD(pack), 0, "the hand counts of the chopsticks presets (rules option count: A or A/B), comma-separated (default 2)", NULL) \
OPTION(TARGET_SECONDS, target_seconds, "--target-seconds", "A..B", TEXT,   NULL,  0, 0, CMD(pack), 0, "keep the instances that CaDiCaL solves in A to B seconds, climbing the bounds", NULL) \
OPTION(ALLOW_WRITES,   allow_writes,   "--allow-writes",   NULL,   SWITCH, false, 0, 0, CMD(batch), 0, "let the lines write files (-o FILE, --proof, --certificate, pack) and run programs (--solver external:CMD)", NULL) \
OPTION(LAB,            lab,            "--lab",            NULL,   SWITCH, false, 0, 0, CMD(serve), CMD(serve), "serve the lab's exercises (docs/lab/instructor.md)", NULL) \
OPTION(LISTEN,         listen,         "--listen",         "ADDR:PORT", TEXT, NULL, 0, 0, CMD(serve), 0, "the address to serve on (default 127.0.0.1:8080; 0.0.0.0:8080 for a class; port 0: any free one)", NULL) \
OPTION(ROSTER,         roster,         "--roster",         "FILE", TEXT,   NULL,  0, 0, CMD(serve), 0, "a roster CSV to load at start (a header line naming id and name columns)", NULL) \
OPTION(DATABASE,       database,       "--db",             "FILE", TEXT,   NULL,  0, 0, CMD(serve), 0, "the SQLite database of students and submissions (default chopsat-lab.db in the current folder)", NULL) \
OPTION(LEVEL,          level,          "--level",          "L",    CHOICE, LEVEL_GROUP, 0, 0, CMD(core), 0, "what the core is made of", NULL) \
OPTION(WHY,            why,            "--why",            NULL,   SWITCH, false, 0, 0, SAT_ANSWERS, 0, "for a no within K, the question's minimal unsatisfiable core in words (docs/cli.md)", NULL) \
OPTION(EXERCISE,       exercise,       "--exercise",       "ID",   TEXT,   NULL,  0, 0, CMD(grade), 0, "the exercise the submission FILE answers (grade --list lists them)", NULL) \
OPTION(EXERCISES,      exercises,      "--exercises",      "DIR",  TEXT,   NULL,  0, 0, CMD(grade), 0, "the folder of the exercises' data (default: the installed one, or the source tree's)", NULL) \
OPTION(LIST,           list,           "--list",           NULL,   SWITCH, false, 0, 0, CMD(grade), 0, "list the exercises: id, title, the file to hand in and its points (never the answers)", NULL) \
OPTION(HELP,           help,           "--help",           NULL,   SWITCH, false, 0, 0, ALL_COMMANDS, 0, "this help", NULL) \

/* CHOICE(OPTION_ID, NAME, word, commands, help, refused): the words of the options with words,
 * each option's in the order help lists them, the default first: for a CHOICE option the field
 * holds NAME; for a TEXT option (--solver) the words are the names help offers, the field the
 * text as given (NULL when absent: the command's default is the first word it takes). commands (ANY: every command that takes the option) take the word; help says
 * what it means (NULL: the word speaks for itself); refused, when not NULL, is why the other
 * commands do not take it. */
#define CLI_CHOICES \
CHOICE(FORMAT,        FMT_TEXT,         "text",      ~CMD(aiger), "for people", NULL) \
CHOICE(FORMAT,        FMT_JSON,         "json",      ~(CMD(aiger) | CMD(dimacs)), "for scripts", NULL) \
CHOICE(FORMAT,        FMT_CSV,          "csv",       CMD(moves) | CMD(solve) | CMD(stats) | CMD(chart), "for scripts and spreadsheets", NULL) \
CHOICE(FORMAT,        FMT_HTML,         "html",      HTML_PAGES, "a page for a browser, standing alone (docs/viewer.md)", NULL) \
CHOICE(FORMAT,        FMT_GRADESCOPE,   "gradescope", CMD(grade), "Gradescope's results.json", "it is what an autograder hands back: for grade") \
CHOICE(FORMAT,        FMT_AAG,          "aag",       CMD(aiger), "ASCII AIGER", NULL) \
CHOICE(FORMAT,        FMT_AIG,          "aig",       CMD(aiger), "binary AIGER, also the default when -o FILE ends with .aig", NULL) \
CHOICE(SOLVER,        SOLVER_SAT,       CHOPSAT_DEFAULT_SAT, SAT_ANSWERS | CMD(certify) | CMD(core), "CaDiCaL, linked in", "a SAT solver answers reach, win, certify and core") \
CHOICE(SOLVER,        SOLVER_PICOSAT,   "picosat",   SAT_ANSWERS | CMD(certify) | CMD(core), "PicoSAT, linked in", "a SAT solver answers reach, win, certify and core") \
CHOICE(SOLVER,        SOLVER_BDD,       "bdd",       CMD(force), "the BDD engine", "the BDD engine answers forced questions (force)") \
CHOICE(SOLVER,        SOLVER_DEPQBF,    "depqbf",    WITH_DEPQBF, "DepQBF, linked in; the default when --move-encoding, --polarity, --prefix or --timeout is given", "DepQBF answers forced questions (force), when chopsat is built with it") \
CHOICE(NO_REPEAT,     REPEAT_OFF,       "off",       ANY, "none forbidden", NULL) \
CHOICE(NO_REPEAT,     REPEAT_IMMEDIATE, "immediate", ANY, "no block of positions repeated at once", NULL) \
CHOICE(NO_REPEAT,     REPEAT_PATH,      "path",      ANY, "no position twice", NULL) \
CHOICE(MOVE_ENCODING, ENC_ONEHOT,       "onehot",    ANY, "one variable per move", NULL) \
CHOICE(MOVE_ENCODING, ENC_BINARY,       "binary",    ANY, "the move's number in binary", NULL) \
CHOICE(MOVE_ENCODING, ENC_TEXTBOOK,     "textbook",  SAT_ANSWERS | CMD(dimacs), "plain clauses per move (small games)", "it is written as plain clauses, for win, reach and dimacs") \
CHOICE(PREFIX,        PREFIX_LEVELLED,  "levelled",  ANY, "each in the first existential block after the moves it depends on", NULL) \
CHOICE(PREFIX,        PREFIX_INNERMOST, "innermost", ANY, "all in one innermost block, the textbook layout", NULL) \
CHOICE(HUMAN,         HUMAN_1,          "1",         ANY, "player 1 types, the computer plays 2", NULL) \
CHOICE(HUMAN,         HUMAN_2,          "2",         ANY, "player 2 types, the computer plays 1", NULL) \
CHOICE(HUMAN,         HUMAN_BOTH,       "both",      ANY, "two people, the computer gives hints", NULL) \
CHOICE(HUMAN,         HUMAN_NONE,       "none",      ANY, "a demonstration", NULL) \
CHOICE(ENGINE,        ENGINE_IC3,       "ic3",       ANY, "IC3/PDR", NULL) \
CHOICE(ENGINE,        ENGINE_KIND,      "kind",      ANY, "k-induction", NULL) \
CHOICE(LEVEL,         LEVEL_GROUP,      "group",     ANY, "groups of clauses: those under one note (comment line) each", NULL) \
CHOICE(LEVEL,         LEVEL_CLAUSE,     "clause",    ANY, "single clauses", NULL) \

/* ALIAS(OPTION_ID, flag): another name of an option, kept so that command lines written before
 * the option was renamed still work: the parser takes it as the option itself, and the option's
 * line in help and the manual page names it. */
#define CLI_ALIASES \
ALIAS(BDD,            "--symbolic")

/* clang-format on */

/* The type of an option's field, by its kind. */
#define CLI_TYPE_SWITCH bool
#define CLI_TYPE_TEXT   const char *
#define CLI_TYPE_CHOICE enum cli_choice
#define CLI_TYPE_WHOLE  long
#define CLI_TYPE_REAL   double

enum cli_command_id {
#define COMMAND(name, args, usage, what, exits) CMD_##name,
    CLI_COMMANDS
#undef COMMAND
        CLI_COMMAND_COUNT
};

enum cli_opt_id {
#define OPTION(ID, field, flag, value, kind, def, lo, hi, cmds, needed, help, refused) OPT_##ID,
    CLI_OPTIONS
#undef OPTION
        CLI_OPT_COUNT
};

enum cli_choice {
#define CHOICE(opt, NAME, word, cmds, help, refused) NAME,
    CLI_CHOICES
#undef CHOICE
        CLI_CHOICE_COUNT
};

#endif
