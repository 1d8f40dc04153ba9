// chopsticks, standard rules, fingers=65536, ordered hands as 17-bit registers; bad = player 1 has won
module chop(input clk, input sp, input src, input dst, input [16:0] x, output bad);
  reg [16:0] a1 = 1, b1 = 1, a2 = 1, b2 = 1;
  reg turn = 0; // 0: player 1 to move
  wire [16:0] m0 = turn ? a2 : a1, m1 = turn ? b2 : b1, o0 = turn ? a1 : a2, o1 = turn ? b1 : b2;
  wire dead1 = a1 == 0 && b1 == 0, dead2 = a2 == 0 && b2 == 0;
  wire [16:0] a = src ? m1 : m0, b = dst ? o1 : o0;
  wire [16:0] s = a + b, sum = m0 + m1, rest = sum - x;
  wire [16:0] v = s >= 65536 ? 0 : s;
  wire tap_ok = a != 0 && b != 0;
  wire split_ok = x <= sum && x < 65536 && rest < 65536 && x != m0 && x != m1;
  wire ok = !dead1 && !dead2 && (sp ? split_ok : tap_ok);
  wire [16:0] n0 = sp ? x : m0, n1 = sp ? rest : m1;
  wire [16:0] p0 = (!sp && !dst) ? v : o0, p1 = (!sp && dst) ? v : o1;
  always @(posedge clk)
    if (ok) begin
      turn <= !turn;
      if (turn) begin a2 <= n0; b2 <= n1; a1 <= p0; b1 <= p1; end
      else begin a1 <= n0; b1 <= n1; a2 <= p0; b2 <= p1; end
    end
  assign bad = dead2 && !dead1;
endmodule
