// tb_axi.cpp -- Verilator test bench of jm_axi: drives every run through the AXI4-Lite port
// exactly as software on the paper's Cortex-A53 would (write parameters, point, scalar; start;
// poll STATUS; read the result), one job per input line, one result line per job.
//
// stdin:  JOB mode pinf qinf p pinv r2 a b k px py qx qy      (hex, big-endian, no 0x)
// stdout: RES status cycles progcycles zx zy z2x z2y        (hex)
// Trace mode: a line `TRACEREGS r1 .. rn` names registers (numbers of ucode_params.vh); a job
// line starting with TRACE instead of JOB runs with CTRL bit 6 set and, at every pause, prints
// `STEP flags v1 .. vn` (the flag file and the named registers, Montgomery form) and resumes.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
#include "Vjm_axi.h"
#include "verilated.h"

static Vjm_axi* top;
static unsigned long long ncycles = 0;

static void tick() {
  top->s_axi_aclk = 0;
  top->eval();
  top->s_axi_aclk = 1;
  top->eval();
  ncycles++;
}

static void axi_write(unsigned addr, unsigned data) {
  top->s_axi_awaddr = addr;
  top->s_axi_awvalid = 1;
  top->s_axi_wdata = data;
  top->s_axi_wstrb = 0xf;
  top->s_axi_wvalid = 1;
  top->s_axi_bready = 1;
  bool aw = false, w = false;
  for (int i = 0; i < 100; i++) {
    top->s_axi_aclk = 0;
    top->eval();
    bool awh = top->s_axi_awvalid && top->s_axi_awready;
    bool wh = top->s_axi_wvalid && top->s_axi_wready;
    top->s_axi_aclk = 1;
    top->eval();
    ncycles++;
    if (awh) { aw = true; top->s_axi_awvalid = 0; }
    if (wh) { w = true; top->s_axi_wvalid = 0; }
    top->eval();
    if (aw && w && top->s_axi_bvalid) { tick(); top->s_axi_bready = 0; return; }
  }
  fprintf(stderr, "AXI write timeout\n");
  exit(2);
}

static unsigned axi_read(unsigned addr) {
  top->s_axi_araddr = addr;
  top->s_axi_arvalid = 1;
  top->s_axi_rready = 1;
  for (int i = 0; i < 100; i++) {
    top->s_axi_aclk = 0;
    top->eval();
    bool arh = top->s_axi_arvalid && top->s_axi_arready;
    top->s_axi_aclk = 1;
    top->eval();
    ncycles++;
    if (arh) top->s_axi_arvalid = 0;
    top->eval();
    if (top->s_axi_rvalid) {
      unsigned d = top->s_axi_rdata;
      tick();
      top->s_axi_rready = 0;
      return d;
    }
  }
  fprintf(stderr, "AXI read timeout\n");
  exit(2);
}

// 256-bit big-endian hex -> 8 little-endian 32-bit words
static void parse256(const std::string& h, unsigned w[8]) {
  std::string s = h;
  if (s.size() > 64) s = s.substr(s.size() - 64);
  while (s.size() < 64) s = "0" + s;
  for (int i = 0; i < 8; i++) w[7 - i] = strtoul(s.substr(8 * i, 8).c_str(), nullptr, 16);
}

static void write_buf(int buf, const std::string& h) {
  unsigned w[8];
  parse256(h, w);
  for (int i = 0; i < 8; i++) axi_write(0x100 + 0x20 * buf + 4 * i, w[i]);
}

static std::string read_buf(int buf) {
  char out[65];
  for (int i = 7; i >= 0; i--) snprintf(out + 8 * (7 - i), 9, "%08x", axi_read(0x100 + 0x20 * buf + 4 * i));
  return std::string(out);
}

int main(int argc, char** argv) {
  Verilated::commandArgs(argc, argv);
  top = new Vjm_axi;
  top->s_axi_aresetn = 0;
  for (int i = 0; i < 4; i++) tick();
  top->s_axi_aresetn = 1;
  tick();
  if (axi_read(0x010) != 0x4a4d0004u) { fprintf(stderr, "bad ID\n"); return 2; }
  std::string line;
  std::vector<int> trace_regs;
  while (std::getline(std::cin, line)) {
    std::istringstream is(line);
    std::string tag;
    is >> tag;
    if (tag == "CONFIG") { printf("CONFIG %08x\n", axi_read(0x014)); fflush(stdout); continue; }
    if (tag == "DUMP") {
      for (int b = 0; b < 14; b++) printf("BUF %d %s\n", b, read_buf(b).c_str());
      continue;
    }
    if (tag == "TRACEREGS") {
      int r;
      trace_regs.clear();
      while (is >> r) trace_regs.push_back(r);
      continue;
    }
    if (tag != "JOB" && tag != "TRACE") continue;
    bool trace = tag == "TRACE";
    int mode, pinf, qinf;
    std::string f[10];
    is >> mode >> pinf >> qinf;
    for (int i = 0; i < 10; i++) is >> f[i];
    // p, pinv, R^2, a, b, k, Px, Py, Qx, Qy -> buffers 0..9
    write_buf(0, f[0]);
    write_buf(1, f[1]);
    for (int i = 2; i < 10; i++) write_buf(i, f[i]);
    axi_write(0x000, 1u | (unsigned)(mode << 1) | (unsigned)(pinf << 4) | (unsigned)(qinf << 5) |
                         (trace ? 0x40u : 0u));
    unsigned st = 0;
    unsigned long long t0 = ncycles;
    do {
      st = axi_read(0x004);
      if (trace && (st & 0x20u)) {
        printf("STEP %08x", axi_read(0x7fc));
        for (int r : trace_regs) {
          char out[65];
          for (int i = 7; i >= 0; i--) snprintf(out + 8 * (7 - i), 9, "%08x", axi_read(0x800 + 0x20 * r + 4 * i));
          printf(" %s", out);
        }
        printf("\n");
        axi_write(0x000, 0x80u);
      }
      if (ncycles - t0 > 5000000ull) { fprintf(stderr, "timeout\n"); return 2; }
    } while (!(st & 2u));
    unsigned cyc = axi_read(0x008), pcyc = axi_read(0x00c);
    std::string zx = read_buf(10), zy = read_buf(11), z2x = read_buf(12), z2y = read_buf(13);
    printf("RES %x %u %u %s %s %s %s\n", st, cyc, pcyc, zx.c_str(), zy.c_str(), z2x.c_str(), z2y.c_str());
    fflush(stdout);
  }
  delete top;
  return 0;
}
