"""`python3 -m codegen [--check | --print FILE]` (from tools/): rewrites every generated file
of `codegen.FILES`; with `--check`, writes nothing and exits with status 1, naming the files
that differ from their generator's output; with `--print FILE`, prints that file's expected
text (FILE relative to the workspace root)."""
import argparse
import pathlib
import sys

from . import FILES, render

ROOT = pathlib.Path(__file__).resolve().parents[2]


def main():
    ap = argparse.ArgumentParser(prog="python3 -m codegen", description=__doc__)
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true",
                      help="compare the files with their generators' output, write nothing")
    mode.add_argument("--print", metavar="FILE", dest="print_file",
                      help="print the expected text of FILE (relative to the workspace root)")
    args = ap.parse_args()
    if args.print_file is not None:
        for path, module, arg in FILES:
            if path == args.print_file:
                sys.stdout.write(render(module, arg))
                return 0
        sys.exit("not a generated file: %s (see codegen.FILES)" % args.print_file)
    differ = []
    for path, module, arg in FILES:
        text = render(module, arg).encode()
        target = ROOT / path
        if args.check:
            if not target.is_file() or target.read_bytes() != text:
                differ.append(path)
        elif not target.is_file() or target.read_bytes() != text:
            target.write_bytes(text)
            print("wrote " + path)
    if differ:
        print("differ from their generators (regenerate with scripts/regenerate.sh):")
        for path in differ:
            print("  " + path)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
