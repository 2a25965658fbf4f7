#!/usr/bin/env python3
# test_cubin_text.py - experiments/cubin_text.py, the static size of each
# kernel read from a cubin or an nvcc object without a GPU: a probe of
# three kernels (eight and 64 unrolled operations, and one with a local
# array indexed at run time, which takes a stack frame) is compiled by the
# build's nvcc (WHT_NVCC, TESTS_ENVIRONMENT; empty without CUDA: skipped)
# for sm_90 with ptxas -v. Test 1: from the cubin, each kernel's registers
# and stack frame are those ptxas reports, and its instruction count is
# positive, the 64-operation kernel's above the eight-operation one's.
# Test 2: from the object file (the cubin inside its fatbin) the same rows.
# Test 3: a missing file and a file without a cubin exit 2 with one line
# on stderr naming the file and what is accepted, and so does an unknown
# option. Test 4: --ops, on probes whose only work is one operation (64
# f32 additions; 64 comparisons each guarding two additions in PTX, one
# under the predicate and one under its negation; 64 comparisons and
# selects; 128 f16x2 additions; 128 f64 additions), counts exactly those
# opcodes, the guarded ones as guarded; probe_frame's local array is
# stored (STL) and loaded (LDL). Test 5 (no CUDA needed): --calibrate
# on cuobjdump -sass text names each opcode, agrees with the table where
# it should, exits 1 on a disagreement and 2 on text without
# instructions.
import os
import re
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
tool = os.path.join(os.environ.get("top_srcdir", os.path.join(here, "..")), "experiments", "cubin_text.py")
print("1..5")
SASS = r"""
	code for sm_90
		Function : _Z6kernelPf
        /*0000*/                   LDC R1, c[0x0][0x28] ;                  /* 0x00000a00ff017b82 */
                                                                             /* 0x000fe40000000800 */
        /*0020*/              @!P0 FADD R2, R3, -R4 ;                      /* 0x8000000403028221 */
                                                                             /* 0x000fe20000000000 */
        /*0030*/                   HFMA2.MMA R5, -RZ, RZ, 0, 0 ;           /* 0x000000ffff057435 */
                                                                             /* 0x000fe200000001ff */
        /*0040*/                   IADD3 R5, R5, 0x1, RZ ;                 /* 0x0000000105057810 */
                                                                             /* 0x000fe20007ffe0ff */
        /*0050*/                   UNKNOWNOP R5 ;                          /* 0x00000000050579fe */
"""


def test_calibrate():
    with tempfile.TemporaryDirectory() as d:
        def run(text):
            path = os.path.join(d, "sass.txt")
            with open(path, "w") as f:
                f.write(text)
            return subprocess.run([sys.executable, tool, "--calibrate", path], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, universal_newlines=True)
        r = run(SASS)
        lines = {l.split()[0]: l for l in r.stdout.splitlines()}
        assert r.returncode == 0 and set(lines) == {"0x182", "0x021", "0x035", "0x010", "0x1fe"}, (r.returncode, r.stdout)
        assert lines["0x021"].endswith("FADD ok") and lines["0x035"].endswith("HFMA2.MMA ok") \
            and "UNKNOWNOP:1" in lines["0x1fe"] and lines["0x1fe"].endswith("new"), r.stdout
        r = run(SASS.replace("IADD3 R5", "SEL R5"))
        assert r.returncode == 1 and "MISMATCH" in r.stdout, ("a disagreement", r.returncode, r.stdout)
        r = run("no instructions here\n")
        assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1, (r.returncode, r.stderr)
    print("ok 5 - --calibrate: cuobjdump's names for each opcode, a disagreement exits 1, no instructions 2")


nvcc = os.environ.get("WHT_NVCC")
if not nvcc:
    why = "CUDA not compiled in" if nvcc == "" else "WHT_NVCC not set (make check sets it)"
    for n, what in ((1, "counts from a cubin"), (2, "counts from an object"), (3, "bad files"), (4, "opcodes")):
        print("ok %d - %s # SKIP %s" % (n, what, why))
    test_calibrate()
    sys.exit(0)

PROBE = r"""
__global__ void probe_k8(float *x)
{
  float a = x[threadIdx.x];
#pragma unroll
  for (int i = 0; i < 8; i++) a = a * 1.5f + (float)i;
  x[threadIdx.x] = a;
}
__global__ void probe_k64(float *x)
{
  float a = x[threadIdx.x];
#pragma unroll
  for (int i = 0; i < 64; i++) a = a * 1.25f + (float)i;
  x[threadIdx.x] = a;
}
__global__ void probe_frame(float *x, int j)
{
  float t[256];
  for (int i = 0; i < 256; i++) t[i] = x[i * blockDim.x + threadIdx.x];
  t[j & 255] += 1.0f;
  x[threadIdx.x] = t[(j >> 8) & 255];
}
"""

OPS_PROBE = r"""
#include <cuda_fp16.h>
#define PROBE(name, T, body) extern "C" __global__ void name(T *x) \
  { T s = x[threadIdx.x], t = x[1], u = x[2]; (void)u; _Pragma("unroll") for (int i = 0; i < 64; i++) { body; } \
    x[threadIdx.x] = s; x[3] = t; }
PROBE(ops_fadd, float, s = __fadd_rn(s, x[i + 100]))
PROBE(ops_pred, float, asm("{ .reg .pred p; setp.le.f32 p, %1, %2; @p add.rn.f32 %0, %0, %2; "
                           "@!p sub.rn.f32 %0, %0, %1; }" : "+f"(s) : "f"(x[i + 100]), "f"(t)))
PROBE(ops_fsel, float, asm("{ .reg .pred p; setp.le.f32 p, %1, %2; selp.f32 %0, %1, %2, p; }"
                           : "=f"(s) : "f"(s), "f"(t)); t = __fadd_rn(t, u))
PROBE(ops_hadd2, __half2, s = __hadd2_rn(s, t); t = __hsub2_rn(t, u))
PROBE(ops_dadd, double, s = __dadd_rn(s, t); t = __dadd_rn(t, u))
"""
# the opcodes each probe must show: name -> (count, guarded); HADD2 and
# HFMA2.MMA together (ptxas shares f16x2 additions between them)
OPS_WANT = {
    "ops_fadd": {"FADD": (64, 0)},
    "ops_pred": {"FADD": (128, 128), "FSETP": (64, 0)},
    "ops_fsel": {"FADD": (64, 0), "FSETP": (64, 0), "FSEL": (64, 0)},
    "ops_hadd2": {"HADD2+HFMA2.MMA": (128, 0)},
    "ops_dadd": {"DADD": (128, 0)},
}


def tool_ops(path):
    """{kernel: {opcode: (count, guarded)}} from cubin_text.py --ops"""
    out = subprocess.run([sys.executable, tool, "--ops", path, "ops_"], check=True, stdout=subprocess.PIPE,
                         universal_newlines=True).stdout.splitlines()
    got = {}
    for head, counts in zip(out[0::2], out[1::2]):
        f = counts.split()
        ops = {}
        for name, n in zip(f[0::2], f[1::2]):
            c, _, g = n.partition("/")
            ops[name] = (int(c), int(g or 0))
        got[head.split()[3]] = ops
    return got


def tool_rows(path):
    out = subprocess.run([sys.executable, tool, path, "probe_"], check=True, stdout=subprocess.PIPE,
                         universal_newlines=True).stdout
    rows = {}
    for line in out.splitlines():
        f = line.split()
        rows[re.search(r"probe_\w+", line).group(0)] = (int(f[0]), int(f[1]), int(f[2]))
    return rows


with tempfile.TemporaryDirectory() as d:
    src = os.path.join(d, "probe.cu")
    with open(src, "w") as f:
        f.write(PROBE)
    cubin, obj = os.path.join(d, "probe.cubin"), os.path.join(d, "probe.o")
    arch = ["-gencode=arch=compute_90,code=sm_90"]
    log = subprocess.run([nvcc] + arch + ["-cubin", "-Xptxas", "-v", "-o", cubin, src], check=True,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True).stdout
    subprocess.run([nvcc] + arch + ["-gencode=arch=compute_90,code=compute_90", "-c", "-o", obj, src], check=True)
    # ptxas -v: "Compiling entry function '_Z8probe_k8Pf'", then "N bytes
    # stack frame, ..." and "Used R registers"
    want, cur = {}, None
    for line in log.splitlines():
        m = re.search(r"Compiling entry function '_Z\d+(probe_\w+?)P", line)
        if m:
            cur = m.group(1)
        m = re.search(r"(\d+) bytes stack frame", line)
        if m and cur:
            want.setdefault(cur, {})["frame"] = int(m.group(1))
        m = re.search(r"Used (\d+) registers", line)
        if m and cur:
            want.setdefault(cur, {})["regs"] = int(m.group(1))
    assert set(want) == {"probe_k8", "probe_k64", "probe_frame"}, ("ptxas -v", log)
    got = tool_rows(cubin)
    assert set(got) == set(want), ("kernels", got, want)
    for k, (n, regs, frame) in got.items():
        assert regs == want[k]["regs"] and frame == want[k]["frame"], (k, "registers, frame", regs, frame, want[k])
        assert n > 0, (k, "instructions", n)
    assert got["probe_k64"][0] > got["probe_k8"][0], ("64 operations not above 8", got)
    assert got["probe_frame"][2] > 0, ("the local array's frame", got)
    print("ok 1 - from a cubin: registers and stack frames as ptxas -v reports, %s instructions"
          % ", ".join("%s %d" % (k, v[0]) for k, v in sorted(got.items())))
    assert tool_rows(obj) == got, ("from the object", tool_rows(obj), got)
    print("ok 2 - from an nvcc object (its fatbin's cubin): the same rows")
    text = os.path.join(d, "probe.txt")
    with open(text, "w") as f:
        f.write("not a cubin\n")
    for bad in (os.path.join(d, "missing.o"), text):
        r = subprocess.run([sys.executable, tool, bad], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
        assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1 and bad in r.stderr \
            and "accepted" in r.stderr, (bad, r.returncode, r.stdout, r.stderr)
    r = subprocess.run([sys.executable, tool, "--opz", cubin], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1 and "--opz" in r.stderr \
        and "--ops" in r.stderr, ("unknown option", r.returncode, r.stdout, r.stderr)
    print("ok 3 - a missing file, a file without a cubin and an unknown option: exit 2, one line naming it "
          "and what is accepted")
    src = os.path.join(d, "ops.cu")
    with open(src, "w") as f:
        f.write(OPS_PROBE)
    ops_cubin = os.path.join(d, "ops.cubin")
    subprocess.run([nvcc] + arch + ["-cubin", "-O3", "--fmad=false", "-o", ops_cubin, src], check=True)
    got = tool_ops(ops_cubin)
    assert set(got) == set(OPS_WANT), ("probe kernels", sorted(got))
    for k, want in OPS_WANT.items():
        for name, (n, guarded) in want.items():
            have = [got[k].get(part, (0, 0)) for part in name.split("+")]
            have = (sum(h[0] for h in have), sum(h[1] for h in have))
            assert have == (n, guarded), (k, name, "want (count, guarded)", (n, guarded), "got", have, got[k])
    out = subprocess.run([sys.executable, tool, "--ops", cubin, "probe_frame"], check=True, stdout=subprocess.PIPE,
                         universal_newlines=True).stdout.split()
    assert "STL" in out and "LDL" in out, ("probe_frame's local array", out)
    print("ok 4 - --ops: each probe's operation counted exactly, the guarded additions as guarded, "
          "the local array's STL and LDL")
test_calibrate()
