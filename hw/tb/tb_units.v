// tb_units.v -- unit test bench (iverilog) of mont_mul and inv_gcd (constant-time and the
// VARTIME positive control). Reads operands from the plusarg file +in=FILE, lines
//   M p pinv a b   |   I p x
// (hex) and prints per line the result and the measured latency (cycles from the start cycle
// to the cycle where `wr` is high, plus one):  M r lat  |  I r lat_ct r_vt lat_vt
// hw/test.py checks the arithmetic (a*b = r*2^256, x*r = 1 mod p) and the latencies.
`timescale 1ns/1ps
module tb_units;
  reg clk = 0;
  always #5 clk = ~clk;
  reg          mstart = 0, istart = 0;
  reg  [255:0] p, a, b, x;
  reg  [63:0]  pinv;
  wire         mwr, iwr, vwr;
  wire [255:0] mr, ir, vr;
  mont_mul mm (.clk(clk), .start(mstart), .a(a), .b(b), .p(p), .pinv(pinv), .wr(mwr), .r(mr));
  inv_gcd #(.VARTIME(0)) ict (.clk(clk), .start(istart), .x(x), .p(p), .wr(iwr), .r(ir));
  inv_gcd #(.VARTIME(1)) ivt (.clk(clk), .start(istart), .x(x), .p(p), .wr(vwr), .r(vr));
  integer fd, n, lat, lat2;
  reg [8*256-1:0] fname;
  reg [7:0] kind;
  reg [255:0] rct, rvt;
  initial begin
    if (!$value$plusargs("in=%s", fname)) begin $display("need +in=FILE"); $finish; end
    fd = $fopen(fname, "r");
    while (!$feof(fd)) begin
      n = $fscanf(fd, " %c", kind);
      if (n == 1 && kind == "M") begin
        n = $fscanf(fd, " %h %h %h %h", p, pinv, a, b);
        @(negedge clk) mstart = 1;
        @(negedge clk) mstart = 0;
        lat = 1;
        while (!mwr) begin @(negedge clk); lat = lat + 1; end
        $display("M %h %0d", mr, lat + 1);
        @(negedge clk);
      end else if (n == 1 && kind == "I") begin
        n = $fscanf(fd, " %h %h", p, x);
        @(negedge clk) istart = 1;
        @(negedge clk) istart = 0;
        lat = 1; lat2 = 0;
        while (!iwr) begin
          if (vwr && lat2 == 0) begin lat2 = lat + 1; rvt = vr; end
          @(negedge clk); lat = lat + 1;
        end
        if (vwr && lat2 == 0) begin lat2 = lat + 1; rvt = vr; end
        $display("I %h %0d %h %0d", ir, lat + 1, rvt, lat2);
        @(negedge clk);
      end
    end
    $finish;
  end
endmodule
