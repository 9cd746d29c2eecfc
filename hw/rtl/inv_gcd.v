// inv_gcd.v -- modular inverter (paper 004, Section 4.1.4 INVERSE), constant time by default.
//
// Contract: on `start` (one cycle) it latches x (0 <= x < p) and the odd modulus p < 2^256.
// With VARTIME = 0 (the default) exactly LAT = 258 cycles after the start cycle it presents
//   r = x^-1 mod p   (r = 0 for x = 0)
// with `wr` high for one cycle, whatever x is: the answer to the paper's open problem (its
// binary extended GCD took 258-290 cycles depending on the data, Table 2).
//
// Algorithm: the binary GCD in its constant-time form (T. Pornin, "Optimized binary GCD for
// modular inversion", 2020, Algorithm 1): a = x, b = p, u = 1, v = 0; each step
//   if a odd: if a < b then (a, b, u, v) <- (b, a, v, u);  a <- a - b;  u <- u - v mod p
//   a <- a / 2;  u <- u / 2 mod p
// keeps a = x*u and b = x*v mod p; len(a) + len(b) drops by one per step, so 511 steps reach
// a = 0, b = gcd = 1, and v = x^-1. Like the paper's inverter, two steps are unrolled per
// cycle, so 256 cycles run 512 steps; the result is presented in the cycle after.
//
// VARTIME = 1 keeps the paper's data-dependent behaviour (stop as soon as a = 0): the positive
// control of the constant-time test (hw/tb/tb_units.v), never used by the core.
module inv_gcd #(parameter VARTIME = 0) (
    input  wire         clk,
    input  wire         start,
    input  wire [255:0] x,
    input  wire [255:0] p,
    output wire         wr,
    output wire [255:0] r
);
  reg [255:0] a, b, u, v, rp;
  reg [8:0]   cnt;
  reg         act;

  // one step of the algorithm, combinational
  function [1023:0] step;
    input [255:0] sa, sb, su, sv, sp;
    reg [256:0] dab, dba;
    reg [256:0] duv, dvu;
    reg [255:0] na, nb, nu, nv, uv;
    reg [256:0] up;
    begin
      dab = {1'b0, sa} - {1'b0, sb};
      dba = {1'b0, sb} - {1'b0, sa};
      duv = {1'b0, su} - {1'b0, sv};
      dvu = {1'b0, sv} - {1'b0, su};
      if (sa[0] && dab[256]) begin        // a odd, a < b: swap then subtract
        na = dba[255:0]; nb = sa;
        uv = dvu[256] ? dvu[255:0] + sp : dvu[255:0];
        nu = uv; nv = su;
      end else if (sa[0]) begin           // a odd, a >= b
        na = dab[255:0]; nb = sb;
        uv = duv[256] ? duv[255:0] + sp : duv[255:0];
        nu = uv; nv = sv;
      end else begin
        na = sa; nb = sb; nu = su; nv = sv;
      end
      up = nu[0] ? {1'b0, nu} + {1'b0, sp} : {1'b0, nu};
      step = {na >> 1, nb, up[256:1], nv};
    end
  endfunction

  wire [1023:0] s1 = step(a, b, u, v, rp);
  wire [1023:0] s2 = step(s1[1023:768], s1[767:512], s1[511:256], s1[255:0], rp);
  wire          early = (VARTIME != 0) && (a == 256'd0);
  assign wr = act && (cnt == 9'd256 || early);
  assign r  = v;

  always @(posedge clk) begin
    if (start) begin
      a <= x; b <= p; u <= 256'd1; v <= 256'd0; rp <= p; cnt <= 9'd0; act <= 1'b1;
    end else if (act) begin
      if (wr) begin
        act <= 1'b0;
      end else begin
        {a, b, u, v} <= s2;
        cnt <= cnt + 9'd1;
      end
    end
  end
endmodule
