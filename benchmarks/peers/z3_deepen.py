# benchmarks/peers/z3_deepen.py FILE.smt2: runs z3 -in on a model of smt_model.py block by block
# (a "; k = K" line starts one) and stops at the first sat: prints the minimum moves, or "no".
import subprocess, sys
# feeds an SMT-LIB file to `z3 -in` block by block ("; k = K" lines start a block) and stops at
# the first sat; prints the number of moves, or "no"
text = open(sys.argv[1]).read().split("\n; k = ")
z = subprocess.Popen(["z3", "-in"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
z.stdin.write(text[0] + "\n")
for block in text[1:]:
    k, body = block.split("\n", 1)
    z.stdin.write(body + "\n"); z.stdin.flush()
    r = z.stdout.readline().strip()
    if r == "sat": print(k); break
    if r != "unsat": sys.exit("z3 said: " + r)
else:
    print("no")
z.stdin.close(); z.wait()
