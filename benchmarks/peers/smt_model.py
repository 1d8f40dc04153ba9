# benchmarks/peers/smt_model.py N K: the SMT-LIB (QF_BV) model of `chopsat win start -k K
# --rules standard,fingers=N` written from the rules, for Z3: ordered hands, move inputs sp (split?),
# src, dst (which hands tap) and x (the split amount); frame k asks "player 2 has no live hand"
# under push/pop, then adds step k. peers/z3_deepen.py feeds it to z3 block by block.
import sys
N, K = int(sys.argv[1]), int(sys.argv[2])
w = max(1, (N - 1).bit_length())
W = w + 1
def bv(v): return "(_ bv%d %d)" % (v, W)
out = []
P = out.append
P("; chopsticks, standard rules, fingers=%d: can player 1 win from 1,1/1,1 within %d moves?" % (N, K))
P("; ordered hands a,b of each player as %d-bit words; per move: sp (split?), src, dst, x" % W)
P("(set-logic QF_BV)")
P("(define-fun dead ((a (_ BitVec %d)) (b (_ BitVec %d))) Bool (and (= a %s) (= b %s)))" % (W, W, bv(0), bv(0)))
# step from (m0,m1) mover, (o0,o1) opponent to (n0,n1),(p0,p1)
P("(define-fun step ((m0 (_ BitVec {W})) (m1 (_ BitVec {W})) (o0 (_ BitVec {W})) (o1 (_ BitVec {W}))"
  " (sp Bool) (src Bool) (dst Bool) (x (_ BitVec {W}))"
  " (n0 (_ BitVec {W})) (n1 (_ BitVec {W})) (p0 (_ BitVec {W})) (p1 (_ BitVec {W}))) Bool".format(W=W))
P("  (let ((a (ite src m1 m0)) (b (ite dst o1 o0)) (sum (bvadd m0 m1)))")
P("  (let ((s (bvadd a b)) (rest (bvsub sum x)))")
P("  (let ((v (ite (bvuge s %s) %s s)))" % (bv(N), bv(0)))
P("  (and (not (dead m0 m1)) (not (dead o0 o1))")
P("    (ite sp")
P("      (and (bvule x sum) (bvult x %s) (bvult rest %s) (not (= x m0)) (not (= x m1))" % (bv(N), bv(N)))
P("           (= n0 x) (= n1 rest) (= p0 o0) (= p1 o1))")
P("      (and (not (= a %s)) (not (= b %s)) (= n0 m0) (= n1 m1)" % (bv(0), bv(0)))
P("           (= p0 (ite dst o0 v)) (= p1 (ite dst v o1)))))))))")
def hands(t): return ["a1_%d" % t, "b1_%d" % t, "a2_%d" % t, "b2_%d" % t]
def decl(t):
    for h in hands(t): P("(declare-const %s (_ BitVec %d))" % (h, W))
decl(0)
P("(assert (and %s))" % " ".join("(= %s %s)" % (h, bv(1)) for h in hands(0)))
for k in range(K + 1):
    P("; k = %d" % k)
    a1, b1, a2, b2 = hands(k)
    P("(push 1)")
    P("(assert (and (dead %s %s) (not (dead %s %s))))" % (a2, b2, a1, b1))
    P("(check-sat)")
    P("(pop 1)")
    if k == K: break
    decl(k + 1)
    for v, s in (("sp", "Bool"), ("src", "Bool"), ("dst", "Bool"), ("x", "(_ BitVec %d)" % W)):
        P("(declare-const %s_%d %s)" % (v, k, s))
    c = hands(k); n = hands(k + 1)
    mv = (c[0], c[1], c[2], c[3]) if k % 2 == 0 else (c[2], c[3], c[0], c[1])
    nx = (n[0], n[1], n[2], n[3]) if k % 2 == 0 else (n[2], n[3], n[0], n[1])
    P("(assert (step %s sp_%d src_%d dst_%d x_%d %s))" % (" ".join(mv), k, k, k, k, " ".join(nx)))
print("\n".join(out))
