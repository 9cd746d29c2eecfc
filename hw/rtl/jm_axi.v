// jm_axi.v -- AXI4-Lite slave wrapper of the scalar multiplier (paper 004, Section 4.2: the
// control/status registers and G-Buffers that the Cortex-A53 reaches over AXI, here one
// register map for the whole ladder instead of one per module).
//
// 32-bit data, 12-bit byte addresses, full-word writes (WSTRB ignored), OKAY responses.
//   0x000 CTRL    W: bit0 start (self-clearing), bits3:1 mode (0 scalar mult [k]P,
//                    1 Affine Add P+Q, 2 Affine DQ (2P,4P), 3 Affine Double Change 2P,
//                    4 Extended Affine -Q+P), bit4 P is infinity, bit5 Q is infinity
//                 R: the last written mode/flags in bits 5:1
//                 bit6 trace mode: pause after Algorithm 1 line 4 and after every iteration;
//                 bit7 resume from a pause (self-clearing)
//   0x004 STATUS  R: bit0 busy, bit1 done, bit2 P not on the curve, bit3 result = O,
//                    bit4 second result = O, bit5 paused (trace mode)
//   0x008 CYCLES  R: cycles from start to done of the last run
//   0x00C PROGCYC R: cycles of the module program (modes 1-4) or of the last ladder iteration
//   0x010 ID      R: 0x4a4d0004
//   0x014 CONFIG  R: N_ALU | N_MM << 4 | N_INV << 8 | LAT_MM << 12 | LAT_INV << 20
//   0x100 + 0x20*i + 4*w: buffer i, 32-bit word w (w = 0 least significant), 256 bits each:
//     i = 0 p, 1 pinv = -p^-1 mod 2^64 (words 0-1), 2 R^2 mod p (R = 2^256), 3 a, 4 b,
//     5 scalar k, 6 Px, 7 Py, 8 Qx, 9 Qy (all written while idle), 10 Zx, 11 Zy, 12 Z2x,
//     13 Z2y (results, read only). Writes while busy are ignored.
//   0x800 + 0x20*r + 4*w: debug window, register r of the register file (Montgomery form);
//   0x7fc: debug, the flag file (bit f = flag f). Register and flag numbers: ucode_params.vh.
module jm_axi (
    input  wire        s_axi_aclk,
    input  wire        s_axi_aresetn,
    input  wire [11:0] s_axi_awaddr,
    input  wire        s_axi_awvalid,
    output wire        s_axi_awready,
    input  wire [31:0] s_axi_wdata,
    input  wire [3:0]  s_axi_wstrb,
    input  wire        s_axi_wvalid,
    output wire        s_axi_wready,
    output wire [1:0]  s_axi_bresp,
    output reg         s_axi_bvalid,
    input  wire        s_axi_bready,
    input  wire [11:0] s_axi_araddr,
    input  wire        s_axi_arvalid,
    output wire        s_axi_arready,
    output reg  [31:0] s_axi_rdata,
    output wire [1:0]  s_axi_rresp,
    output reg         s_axi_rvalid,
    input  wire        s_axi_rready
);
`include "ucode_params.vh"
  wire clk = s_axi_aclk;
  wire rst = !s_axi_aresetn;

  reg        aw_ok, w_ok;
  reg [11:0] aw_addr;
  reg [31:0] w_data;
  assign s_axi_awready = !aw_ok && !s_axi_bvalid;
  assign s_axi_wready  = !w_ok && !s_axi_bvalid;
  assign s_axi_bresp   = 2'b00;
  assign s_axi_rresp   = 2'b00;
  assign s_axi_arready = !s_axi_rvalid;

  reg        start;
  reg [2:0]  mode;
  reg        pinf, qinf, step_mode, resume;
  wire       paused;
  wire [31:0] dbg_data, dbg_flags;
  wire       busy, done, badpt, oinf, o2inf;
  wire [31:0] cycles, prog_cycles, br_data;

  wire        do_w   = aw_ok && w_ok;
  wire        w_buf  = do_w && aw_addr[11:8] != 4'd0;
  wire [8:0]  w_off  = aw_addr[8:0] - 9'h100;
  wire [8:0]  r_off  = s_axi_araddr[8:0] - 9'h100;

  jm_core core (
    .clk(clk), .rst(rst), .start(start), .mode(mode), .pinf(pinf), .qinf(qinf),
    .bw_en(w_buf && aw_addr < 12'h2c0), .bw_buf(w_off[8:5]), .bw_word(w_off[4:2]), .bw_data(w_data),
    .br_buf(r_off[8:5]), .br_word(r_off[4:2]), .br_data(br_data),
    .step_mode(step_mode), .resume(resume), .paused(paused),
    .dbg_idx(s_axi_araddr[10:5]), .dbg_word(s_axi_araddr[4:2]), .dbg_data(dbg_data),
    .dbg_flags(dbg_flags),
    .busy(busy), .done(done), .badpt(badpt), .oinf(oinf), .o2inf(o2inf),
    .cycles(cycles), .prog_cycles(prog_cycles));

  always @(posedge clk) begin
    if (rst) begin
      aw_ok <= 1'b0; w_ok <= 1'b0; s_axi_bvalid <= 1'b0; s_axi_rvalid <= 1'b0;
      start <= 1'b0; mode <= 3'd0; pinf <= 1'b0; qinf <= 1'b0; step_mode <= 1'b0; resume <= 1'b0;
    end else begin
      start <= 1'b0;
      resume <= 1'b0;
      if (s_axi_awvalid && s_axi_awready) begin aw_ok <= 1'b1; aw_addr <= s_axi_awaddr; end
      if (s_axi_wvalid && s_axi_wready) begin w_ok <= 1'b1; w_data <= s_axi_wdata; end
      if (do_w) begin
        aw_ok <= 1'b0; w_ok <= 1'b0; s_axi_bvalid <= 1'b1;
        if (aw_addr == 12'h000 && !busy) begin
          start <= w_data[0]; mode <= w_data[3:1]; pinf <= w_data[4]; qinf <= w_data[5];
          step_mode <= w_data[6];
        end
        if (aw_addr == 12'h000 && busy) resume <= w_data[7];
      end
      if (s_axi_bvalid && s_axi_bready) s_axi_bvalid <= 1'b0;
      if (s_axi_arvalid && s_axi_arready) begin
        s_axi_rvalid <= 1'b1;
        case (s_axi_araddr)
          12'h000: s_axi_rdata <= {25'd0, step_mode, qinf, pinf, mode, 1'b0};
          12'h004: s_axi_rdata <= {26'd0, paused, o2inf, oinf, badpt, done, busy};
          12'h7fc: s_axi_rdata <= dbg_flags;
          12'h008: s_axi_rdata <= cycles;
          12'h00c: s_axi_rdata <= prog_cycles;
          12'h010: s_axi_rdata <= 32'h4a4d0004;
          12'h014: s_axi_rdata <= N_ALU | (N_MM << 4) | (N_INV << 8) | (LAT_MM << 12) | (LAT_INV << 20);
          default: s_axi_rdata <= s_axi_araddr[11] ? dbg_data :
                                  (s_axi_araddr >= 12'h100 && s_axi_araddr < 12'h2c0) ? br_data : 32'd0;
        endcase
      end
      if (s_axi_rvalid && s_axi_rready) s_axi_rvalid <= 1'b0;
    end
  end
endmodule
