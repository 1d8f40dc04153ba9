/* test_runner.c: the one process runner (src/solvers/runner.c, chopsat_run) and the one
 * clean-up registry (src/core/cleanup.c): input from memory, capture and its cap, a program
 * that cannot be executed, a working folder and an output file, the time limit with and
 * without a grace period, a function in the child, and the registry's removals. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chopsat_tool.h"
#include "harness.h"

TEST(runner_input_from_memory_captured)
{
    char *argv[] = {"cat", NULL};
    chopsat_run_spec s = {.argv = argv, .input = "digraph{a->b}\n", .input_len = 14};
    chopsat_run_result r;
    chopsat_err err = {{0}};
    REQUIRE(chopsat_run(&s, &r, &err) == CHOPSAT_OK);
    CHECKF(r.exited && r.exit_code == 0 && r.out_len == 14 && !strcmp(r.out, "digraph{a->b}\n"),
           "exit %d, %zu bytes", r.exit_code, r.out_len);
    CHECK(r.err && r.err_len == 0 && !r.timed_out && !r.too_long && r.exec_errno == 0);
    chopsat_run_result_free(&r);
    /* more than the cap: too long, never a part as if whole */
    char *yes[] = {"yes", NULL};
    chopsat_run_spec big = {.argv = yes, .out_cap = 1000};
    REQUIRE(chopsat_run(&big, &r, &err) == CHOPSAT_OK);
    CHECK(r.too_long && r.out_len <= 1000);
    chopsat_run_result_free(&r);
}

TEST(runner_missing_program_says_so)
{
    char *argv[] = {"chopsat-no-such-program", "x", NULL};
    chopsat_run_spec s = {.argv = argv};
    chopsat_run_result r;
    chopsat_err err = {{0}};
    REQUIRE(chopsat_run(&s, &r, &err) == CHOPSAT_OK);
    CHECKF(r.exec_errno == ENOENT && r.exited && r.exit_code == 127, "errno %d exit %d",
           r.exec_errno, r.exit_code);
    CHECKF(strstr(r.err, "chopsat-no-such-program: not found"), "%s", r.err);
    chopsat_run_result_free(&r);
}

TEST(runner_folder_file_and_cpu)
{
    char dir[] = "/tmp/chopsat-test-runner-XXXXXX";
    REQUIRE(mkdtemp(dir));
    char out[128];
    snprintf(out, sizeof out, "%s/out", dir);
    char *argv[] = {"sh", "-c", "pwd; i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done", NULL};
    chopsat_run_spec s = {.argv = argv,
                          .dir = dir,
                          .out = CHOPSAT_RUN_PATH,
                          .out_path = out,
                          .err = CHOPSAT_RUN_DISCARD};
    chopsat_run_result r;
    chopsat_err err = {{0}};
    REQUIRE(chopsat_run(&s, &r, &err) == CHOPSAT_OK);
    CHECK(r.exited && r.exit_code == 0 && !r.out && !r.err && r.cpu_seconds > 0);
    FILE *f = fopen(out, "r");
    char line[256] = "";
    CHECK(f && fgets(line, sizeof line, f) && !strncmp(line, dir, strlen(dir)));
    if (f) fclose(f);
    unlink(out);
    rmdir(dir);
    chopsat_run_result_free(&r);
}

TEST(runner_time_limit_stops_group)
{
    /* the child ignores SIGTERM: the grace period ends with SIGKILL to its group */
    char *argv[] = {"sh", "-c", "trap '' TERM; sleep 30 & sleep 30", NULL};
    chopsat_run_spec s = {.argv = argv, .timeout = 0.2, .grace = 0.2};
    chopsat_run_result r;
    chopsat_err err = {{0}};
    double t0 = chopsat_now();
    REQUIRE(chopsat_run(&s, &r, &err) == CHOPSAT_OK);
    double t = chopsat_now() - t0;
    CHECKF(r.timed_out && !r.exited && r.signal == SIGKILL && t < 3, "%.2f s", t);
    chopsat_run_result_free(&r);
}

/* The child function: exits with the number its context holds, after the mask is restored. */
static int child_main(void *ctx, const void *mask)
{
    sigprocmask(SIG_SETMASK, mask, NULL);
    printf("child %d\n", *(int *)ctx);
    fflush(stdout);
    return *(int *)ctx;
}

TEST(runner_function_in_child)
{
    int code = 7;
    chopsat_run_spec s = {.child_main = child_main, .child_ctx = &code};
    chopsat_run_result r;
    chopsat_err err = {{0}};
    REQUIRE(chopsat_run(&s, &r, &err) == CHOPSAT_OK);
    CHECKF(r.exited && r.exit_code == 7 && !strcmp(r.out, "child 7\n"), "%d '%s'", r.exit_code,
           r.out);
    chopsat_run_result_free(&r);
    char *argv[] = {"true", NULL};
    chopsat_run_spec both = {.argv = argv, .child_main = child_main};
    CHECK(chopsat_run(&both, &r, &err) == CHOPSAT_ERROR);
}

TEST(cleanup_registry_removes_files_then_folders)
{
    char dir[] = "/tmp/chopsat-test-cleanup-XXXXXX";
    REQUIRE(mkdtemp(dir));
    char file[128];
    snprintf(file, sizeof file, "%s/f", dir);
    FILE *f = fopen(file, "w");
    REQUIRE(f);
    fclose(f);
    int d = chopsat_cleanup_folder(dir), k = chopsat_cleanup_file(file);
    REQUIRE(d >= 0 && k >= 0);
    chopsat_cleanup_run();
    struct stat st;
    CHECK(stat(file, &st) != 0 && stat(dir, &st) != 0);
    /* a forgotten entry is left alone */
    memcpy(dir + strlen(dir) - 6, "XXXXXX", 6);
    REQUIRE(mkdtemp(dir));
    d = chopsat_cleanup_folder(dir);
    chopsat_cleanup_forget(d);
    chopsat_cleanup_run();
    CHECK(stat(dir, &st) == 0);
    rmdir(dir);
}

SCHEDULE_FILE(runner)
{
    SCHEDULE(runner_input_from_memory_captured);
    SCHEDULE(runner_missing_program_says_so);
    SCHEDULE(runner_folder_file_and_cpu);
    SCHEDULE(runner_time_limit_stops_group);
    SCHEDULE(runner_function_in_child);
    SCHEDULE(cleanup_registry_removes_files_then_folders);
}
