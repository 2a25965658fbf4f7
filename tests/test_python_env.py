"""The package whtlab and libwht's environment knobs (lib/environment.c): a
knob set to a value the library would silently replace by its default
(WHT_METRICS_CHUNK='20x', WHT_TC_SHORT12_MIN=' 20', WHT_GPU_ROWS_REG='2')
makes the first use of the library raise WhtlabError with the line the C
programs print, "whtlab: environment NAME='VALUE': not accepted (accepted:
..., or unset)", and again at the next use while it is set; a value it
takes, or an empty one (unset), and the library loads and works."""

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.environ.get("top_srcdir", "."), "analysis"))
import whtlab_testkit as tk  # noqa: E402
tk.use_built_libwht()
for name in list(os.environ):  # the caller's settings aside
    if name.startswith(("WHT_METRICS_", "WHT_TC_", "WHT_GPU_", "WHT_OPS_")):
        del os.environ[name]
import whtlab  # noqa: E402

t = tk.Tap()
for name, value, accepted in (("WHT_METRICS_CHUNK", "20x", "10..24"), ("WHT_TC_SHORT12_MIN", " 20", "16..64"),
                              ("WHT_GPU_ROWS_REG", "2", "0 or 1")):
    os.environ[name] = value
    for attempt in ("first", "second"):
        try:
            whtlab.algorithms()
            t.ok(False, "%s=%r, %s use: WhtlabError (none raised)" % (name, value, attempt))
        except whtlab.WhtlabError as e:
            want = "whtlab: environment %s='%s': not accepted (accepted: " % (name, value)
            msg = str(e)
            t.ok(msg.startswith(want) and accepted in msg and msg.endswith(", or unset)") and "\n" not in msg,
                 "%s=%r, %s use: WhtlabError with the line (%s)" % (name, value, attempt, msg))
    del os.environ[name]
os.environ["WHT_METRICS_CHUNK"] = "12"
os.environ["WHT_GPU_ROWS_REG"] = ""
try:
    names = whtlab.algorithms()
    t.ok("folklore" in names, "WHT_METRICS_CHUNK=12 and an empty WHT_GPU_ROWS_REG are taken: the library works")
except whtlab.WhtlabError as e:
    t.ok(False, "WHT_METRICS_CHUNK=12 and an empty WHT_GPU_ROWS_REG are taken (raised: %s)" % e)
t.done()
