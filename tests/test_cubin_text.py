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
# on stderr naming the file and what is accepted.
import os
import re
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
tool = os.path.join(os.environ.get("top_srcdir", os.path.join(here, "..")), "experiments", "cubin_text.py")
print("1..3")
nvcc = os.environ.get("WHT_NVCC")
if not nvcc:
    why = "CUDA not compiled in" if nvcc == "" else "WHT_NVCC not set (make check sets it)"
    for n, what in ((1, "counts from a cubin"), (2, "counts from an object"), (3, "bad files")):
        print("ok %d - %s # SKIP %s" % (n, what, why))
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
    print("ok 3 - a missing file and a file without a cubin: exit 2, one line naming it and what is accepted")
