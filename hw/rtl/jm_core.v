// jm_core.v -- the paper-004 scalar multiplier core: the Jin-Miyaji two-bit 2-ary
// right-to-left ladder (paper 004 Algorithm 1, SEEDS.md section 004) in affine coordinates,
// from one start signal to one done signal.
//
// Structure (paper Figure 3, with the modules of Section 4.1.5 as microprograms):
//  * a register file of 256-bit registers (the paper's G-Buffers and TMP registers; generated,
//    rf_gen.vh), r0 = 0 and r1 = 1 hard-wired, and a file of 1-bit flags (point-at-infinity
//    flags, comparison results, the scalar bits);
//  * N_ALU one-cycle ALUs (ADD and SUB modulo p of Section 4.1.1, plus SEL/EQ and flag logic
//    for the complete, exception-free formulas), N_MM Montgomery multipliers (mont_mul.v,
//    Sections 4.1.2-4.1.3) and N_INV constant-time inverters (inv_gcd.v, Section 4.1.4);
//  * a microcode sequencer: each microinstruction issues at most one operation per unit and
//    waits a fixed delay. The programs (hw/gen/ucode.py) are the modules Affine Add, Affine DQ,
//    Affine Double Change and Extended Affine (Table 1), scheduled for intra-module parallelism
//    (Figure 2) and, inside one ladder iteration, with the double-quadruple beside the two
//    additions (Section 4.1.5);
//  * the ladder controller: CONV_IN (to the Montgomery domain, on-curve check), JM_INIT
//    (Algorithm 1 lines 1-4), 128 x JM_ITER (lines 5-10, two scalar bits each), JM_FINAL
//    (lines 11-12), CONV_OUT. Modes 1-4 run one module instead (for Table 2).
//
// Constant time: every program is a fixed instruction list with fixed delays and every unit
// has a fixed latency, so the cycle count from start to done depends only on the mode. Scalar
// bits and point data only steer selects.
module jm_core (
    input  wire         clk,
    input  wire         rst,
    input  wire         start,
    input  wire [2:0]   mode,      // 0 scalar mult, 1 Affine Add, 2 Affine DQ, 3 Affine Double Change, 4 Extended Affine
    input  wire         pinf,      // P is the point at infinity
    input  wire         qinf,      // Q is the point at infinity (module modes)
    input  wire         step_mode, // pause after JM_INIT and after every JM_ITER (trace mode)
    input  wire         resume,    // leave a pause
    output reg          paused,
    input  wire [5:0]   dbg_idx,   // debug window: any register, and the flags
    input  wire [2:0]   dbg_word,
    output wire [31:0]  dbg_data,
    output wire [31:0]  dbg_flags,
    // bus buffer access (32-bit words, little-endian word order)
    input  wire         bw_en,
    input  wire [3:0]   bw_buf,
    input  wire [2:0]   bw_word,
    input  wire [31:0]  bw_data,
    input  wire [3:0]   br_buf,
    input  wire [2:0]   br_word,
    output wire [31:0]  br_data,
    output reg          busy,
    output reg          done,
    output wire         badpt,     // P not on the curve
    output wire         oinf,      // result is the point at infinity
    output wire         o2inf,     // second result (mode 2: 4P) is the point at infinity
    output reg  [31:0]  cycles,    // start -> done
    output reg  [31:0]  prog_cycles // the module program (modes 1-4) or the last ladder iteration
);
`include "ucode_params.vh"
`include "ucode_rom.vh"

  localparam NPORT = N_ALU + N_MM + N_INV;

  reg  [255:0] p;
  reg  [63:0]  pinv;
  reg  [255:0] k;
  reg  [256:0] ksh;
  reg  [NFLAG-1:0] fl;

  // ---------------- bus buffers ----------------
  reg  [5:0] bw_idx;
  always @* begin
    case (bw_buf)
      4'd2: bw_idx = R_R2;
      4'd3: bw_idx = R_CA;
      4'd4: bw_idx = R_CB;
      4'd6: bw_idx = R_PX;
      4'd7: bw_idx = R_PY;
      4'd8: bw_idx = R_QX;
      4'd9: bw_idx = R_QY;
      default: bw_idx = 6'd0;
    endcase
  end
  wire bw_rf = bw_en && !busy && (bw_idx != 6'd0);

  reg [5:0] br_idx;
  always @* begin
    case (br_buf)
      4'd2: br_idx = R_R2;   4'd3: br_idx = R_CA;   4'd4: br_idx = R_CB;
      4'd6: br_idx = R_PX;   4'd7: br_idx = R_PY;   4'd8: br_idx = R_QX;   4'd9: br_idx = R_QY;
      4'd10: br_idx = R_OX;  4'd11: br_idx = R_OY;  4'd12: br_idx = R_O2X; 4'd13: br_idx = R_O2Y;
      default: br_idx = 6'd0;
    endcase
  end
  wire [255:0] br_val = (br_buf == 4'd0) ? p : (br_buf == 4'd1) ? {192'd0, pinv} :
                        (br_buf == 4'd5) ? k : rf_bus_rd(br_idx);
  assign br_data = br_val[br_word*32 +: 32];

  always @(posedge clk) begin
    if (bw_en && !busy) begin
      if (bw_buf == 4'd0) p[bw_word*32 +: 32] <= bw_data;
      if (bw_buf == 4'd1 && bw_word < 3'd2) pinv[bw_word[0]*32 +: 32] <= bw_data;
      if (bw_buf == 4'd5) k[bw_word*32 +: 32] <= bw_data;
    end
  end

  // ---------------- register file (generated) ----------------
  wire [NPORT-1:0]       wen;
  wire [NPORT*FW-1:0]    wa;
  wire [NPORT*256-1:0]   wd;
  wire       bw_en_rf = bw_rf;
`include "rf_gen.vh"

  function fl_rd;
    input [5:0] i;
    begin
      case (i)
        F_F0: fl_rd = 1'b0;
        F_F1: fl_rd = 1'b1;
        F_K0: fl_rd = k[0];
        F_KI: fl_rd = ksh[0];
        F_KI1: fl_rd = ksh[1];
        F_PINF: fl_rd = pinf;
        F_QINF: fl_rd = qinf;
        default: fl_rd = fl[i[4:0]];
      endcase
    end
  endfunction

  wire [255:0] dbg_val = rf_rd(dbg_idx);
  assign dbg_data  = dbg_val[dbg_word*32 +: 32];
  assign dbg_flags = {{(32-NFLAG){1'b0}}, fl};

  assign badpt = fl[F_BADPT];
  assign oinf  = fl[F_OINF];
  assign o2inf = fl[F_O2INF];

  // ---------------- sequencer ----------------
  reg  [UAW-1:0] pc;
  reg  [IW-1:0]  ir;
  reg  [DLY_W-1:0] cnt;
  reg            run;
  wire           ir_end = ir[0];
  wire [DLY_W-1:0] ir_dly = ir[DLY_W:1];
  wire           issue = run && (cnt == 0) && !ir_end;
  wire           pend  = run && (cnt == 0) && ir_end;

  // ---------------- ALUs ----------------
  localparam ALU0 = 1 + DLY_W;
  localparam MM0  = ALU0 + N_ALU * ALU_W;
  localparam INV0 = MM0 + N_MM * MM_W;

  wire [N_ALU-1:0]    fwe;
  wire [N_ALU*6-1:0]  fwa;
  wire [N_ALU-1:0]    fwd;

  genvar gk;
  generate
    for (gk = 0; gk < N_ALU; gk = gk + 1) begin : ALU
      wire [ALU_W-1:0] f = ir[ALU0 + gk*ALU_W +: ALU_W];
      wire [3:0] op = f[3:0];
      wire [5:0] d  = f[9:4];
      wire [5:0] ia = f[15:10];
      wire [5:0] ib = f[21:16];
      wire [5:0] ic = f[27:22];
      wire [255:0] ra = rf_rd(ia);
      wire [255:0] rb = rf_rd(ib);
      wire fa = fl_rd(ia), fb = fl_rd(ib), fc = fl_rd(ic);
      wire [256:0] s   = {1'b0, ra} + {1'b0, rb};
      wire [257:0] s2  = {1'b0, s} - {2'b00, p};
      wire [256:0] df  = {1'b0, ra} - {1'b0, rb};
      wire [255:0] dfp = df[255:0] + p;
      reg  [255:0] res;
      reg          fres;
      always @* begin
        case (op)
          4'd1: res = s2[257] ? s[255:0] : s2[255:0];     // ADD mod p
          4'd2: res = df[256] ? dfp : df[255:0];          // SUB mod p
          default: res = fc ? ra : rb;                    // SEL
        endcase
        case (op)
          4'd4: fres = (ra == rb);                        // EQ
          4'd5: fres = fa & fb;                           // FAND
          4'd6: fres = fa | fb;                           // FOR
          default: fres = fc ? fa : fb;                   // FSEL
        endcase
      end
      assign wen[gk] = issue && (op == 4'd1 || op == 4'd2 || op == 4'd3);
      assign wa[gk*FW +: FW] = d;
      assign wd[gk*256 +: 256] = res;
      assign fwe[gk] = issue && (op >= 4'd4);
      assign fwa[gk*6 +: 6] = d;
      assign fwd[gk] = fres;
    end

    for (gk = 0; gk < N_MM; gk = gk + 1) begin : MM
      wire [MM_W-1:0] f = ir[MM0 + gk*MM_W +: MM_W];
      reg  [5:0] rd;
      wire go = issue && f[0];
      wire [255:0] r;
      wire w;
      always @(posedge clk) if (go) rd <= f[6:1];
      mont_mul unit (.clk(clk), .start(go), .a(rf_rd(f[12:7])), .b(rf_rd(f[18:13])), .p(p),
                  .pinv(pinv), .wr(w), .r(r));
      assign wen[N_ALU + gk] = w;
      assign wa[(N_ALU + gk)*FW +: FW] = rd;
      assign wd[(N_ALU + gk)*256 +: 256] = r;
    end

    for (gk = 0; gk < N_INV; gk = gk + 1) begin : INV
      wire [INV_W-1:0] f = ir[INV0 + gk*INV_W +: INV_W];
      reg  [5:0] rd;
      wire go = issue && f[0];
      wire [255:0] r;
      wire w;
      always @(posedge clk) if (go) rd <= f[6:1];
      inv_gcd #(.VARTIME(0)) unit (.clk(clk), .start(go), .x(rf_rd(f[12:7])), .p(p), .wr(w), .r(r));
      assign wen[N_ALU + N_MM + gk] = w;
      assign wa[(N_ALU + N_MM + gk)*FW +: FW] = rd;
      assign wd[(N_ALU + N_MM + gk)*256 +: 256] = r;
    end
  endgenerate

  integer j;
  always @(posedge clk) begin
    for (j = 0; j < N_ALU; j = j + 1)
      if (fwe[j]) fl[fwa[j*6 +: 5]] <= fwd[j];
  end

  // ---------------- ladder controller ----------------
  localparam ST_CONV_IN = 3'd0, ST_INIT = 3'd1, ST_ITER = 3'd2, ST_FINAL = 3'd3,
             ST_MOD = 3'd4, ST_CONV_OUT = 3'd5;
  reg [2:0] stage;
  reg [6:0] iter;
  reg [2:0] rmode;
  reg [31:0] pcnt;
  reg        resumed;

  function [UAW-1:0] mod_entry;
    input [2:0] m;
    begin
      case (m)
        3'd1: mod_entry = PC_M_ADD;
        3'd2: mod_entry = PC_M_DQ;
        3'd3: mod_entry = PC_M_DBLCH;
        default: mod_entry = PC_M_EXT;
      endcase
    end
  endfunction

  reg [UAW-1:0] next_pc;
  reg           next_go;
  always @* begin
    next_go = 1'b1;
    next_pc = PC_CONV_OUT;
    case (stage)
      ST_CONV_IN: next_pc = (rmode == 3'd0) ? PC_JM_INIT : mod_entry(rmode);
      ST_INIT:    next_pc = PC_JM_ITER;
      ST_ITER:    next_pc = (iter == 7'd127) ? PC_JM_FINAL : PC_JM_ITER;
      ST_FINAL:   next_pc = PC_CONV_OUT;
      ST_MOD:     next_pc = PC_CONV_OUT;
      default:    next_go = 1'b0;
    endcase
  end

  always @(posedge clk) begin
    if (rst) begin
      run <= 1'b0; busy <= 1'b0; done <= 1'b0; cycles <= 32'd0; prog_cycles <= 32'd0;
      stage <= ST_CONV_IN; pc <= {UAW{1'b0}}; cnt <= {DLY_W{1'b0}};
      paused <= 1'b0; resumed <= 1'b0;
    end else if (start && !busy) begin
      busy <= 1'b1; done <= 1'b0; run <= 1'b1; rmode <= mode;
      stage <= ST_CONV_IN; iter <= 7'd0; ksh <= {1'b0, k} >> 1;
      pc <= PC_CONV_IN; ir <= ucode_rom(PC_CONV_IN); cnt <= {DLY_W{1'b0}};
      cycles <= 32'd1; pcnt <= 32'd0; paused <= 1'b0; resumed <= 1'b0;
    end else if (busy && paused) begin
      if (resume) begin paused <= 1'b0; resumed <= 1'b1; end
    end else if (busy) begin
      cycles <= cycles + 32'd1;
      pcnt <= pcnt + 32'd1;
      if (run) begin
        if (cnt != 0) begin
          cnt <= cnt - 1'b1;
        end else if (!ir_end) begin
          pc <= pc + 1'b1;
          ir <= ucode_rom(pc + 1'b1);
          cnt <= ir_dly - 1'b1;
        end else if (step_mode && !resumed && (stage == ST_INIT || stage == ST_ITER)) begin
          paused <= 1'b1;
        end else begin
          // end of a program: the next one starts in the next cycle
          resumed <= 1'b0;
          pcnt <= 32'd0;
          if (stage == ST_MOD || stage == ST_ITER) prog_cycles <= pcnt + 32'd1;
          if (stage == ST_ITER) begin
            ksh <= ksh >> 2;
            iter <= iter + 7'd1;
          end
          if (next_go) begin
            pc <= next_pc; ir <= ucode_rom(next_pc); cnt <= {DLY_W{1'b0}};
            case (stage)
              ST_CONV_IN: stage <= (rmode == 3'd0) ? ST_INIT : ST_MOD;
              ST_INIT:    stage <= ST_ITER;
              ST_ITER:    stage <= (iter == 7'd127) ? ST_FINAL : ST_ITER;
              default:    stage <= ST_CONV_OUT;
            endcase
          end else begin
            run <= 1'b0; busy <= 1'b0; done <= 1'b1;
          end
        end
      end
    end
  end
endmodule
