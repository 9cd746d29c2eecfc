// mont_mul.v -- 256-bit Montgomery multiplier (paper 004, Section 4.1.3 MONT_MUL, built on the
// multiplier of Section 4.1.2 MUL).
//
// Contract: on `start` (one cycle) it latches a, b (both < p), the odd modulus p < 2^256 and
// pinv = -p^-1 mod 2^64; exactly LAT = 14 cycles after the start cycle the result
//   r = a * b * 2^-256 mod p   (fully reduced, r < p)
// is presented with `wr` high for one cycle (the core writes it into its register file at the
// end of that cycle). The latency never depends on the operands.
//
// Algorithm: word-serial Montgomery reduction with 64-bit words (radix 2^64, 4 words), three
// phases per word on ONE shared 256 x 64 multiplier:
//   phase 0: T <- T + a * b_j
//   phase 1: m <- (T mod 2^64) * pinv mod 2^64
//   phase 2: T <- (T + m * p) / 2^64
// then one conditional subtraction (T < 2p throughout).
// DSP48E2 decomposition: the paper multiplies 288 x 288 bits as 2 x 2 partial products of
// 144 x 144 (6 cycles). Here one 256 x 64 product per cycle: 256 x 64 bits = 10 x 4 tiles of
// 26 x 17 unsigned (the unsigned part of a 27 x 18 DSP48E2), i.e. about 40 DSPs per
// multiplier, reused for a*b_j, T0*pinv and m*p. A 64-bit digit keeps the m computation to a
// single tile column and the whole multiplication to 12 + 2 cycles (paper: 40 cycles).
module mont_mul (
    input  wire         clk,
    input  wire         start,
    input  wire [255:0] a,
    input  wire [255:0] b,
    input  wire [255:0] p,
    input  wire [63:0]  pinv,
    output wire         wr,
    output wire [255:0] r
);
  reg [255:0] ra, rb;
  reg [321:0] t;
  reg [63:0]  m;
  reg [1:0]   ph;
  reg [1:0]   w;
  reg         act;
  reg         fin;

  wire [255:0] mul_a = (ph == 2'd0) ? ra : (ph == 2'd1) ? {192'd0, t[63:0]} : p;
  wire [63:0]  bj    = (w == 2'd0) ? rb[63:0] : (w == 2'd1) ? rb[127:64] :
                       (w == 2'd2) ? rb[191:128] : rb[255:192];
  wire [63:0]  mul_b = (ph == 2'd0) ? bj : (ph == 2'd1) ? pinv : m;
  wire [319:0] prod  = mul_a * mul_b;
  wire [321:0] sum   = t + {2'b00, prod};
  wire [257:0] tsub  = t[257:0] - {2'b00, p};

  assign wr = fin;
  assign r  = tsub[257] ? t[255:0] : tsub[255:0];

  always @(posedge clk) begin
    fin <= 1'b0;
    if (start) begin
      ra <= a; rb <= b; t <= 322'd0; ph <= 2'd0; w <= 2'd0; act <= 1'b1;
    end else if (act) begin
      case (ph)
        2'd0: begin t <= sum; ph <= 2'd1; end
        2'd1: begin m <= prod[63:0]; ph <= 2'd2; end
        default: begin
          t <= {64'd0, sum[321:64]};
          ph <= 2'd0;
          w <= w + 2'd1;
          if (w == 2'd3) begin act <= 1'b0; fin <= 1'b1; end
        end
      endcase
    end
  end
endmodule
