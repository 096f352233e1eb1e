#!/usr/bin/env python3
"""Precision and recall of `posescope-cli suspects` against the truth of injected label errors.

    suspects_precision.py TRUTH.json SUSPECTS.json
    suspects_precision.py --total TRUTH.json SUSPECTS.json [TRUTH.json SUSPECTS.json ...]

TRUTH.json is what `make-dataset --label-errors ... --label-errors-out` wrote; SUSPECTS.json what
`posescope-cli suspects RUN_DIR --format json --top 1000000` printed for a run on that set. A
suspect is right when it names an injected error of its kind:
  swap        the same annotation;
  displaced   the same annotation and joint;
  duplicate   the same pair of annotations (either one named as the suspect);
  unannotated the same image, the suggested person's keypoint-box centre inside the left-out
              person's box.
Each injected error is found at most once. Prints one Markdown row per kind: injected, listed,
right, precision, recall (one JSON object with --json); --total adds up several sets' counts.
"""
import json
import sys

KINDS = ["swap", "unannotated", "displaced", "duplicate"]


def centre(keypoints):
    xs, ys = keypoints[0::3], keypoints[1::3]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def matches(suspect, error):
    kind = suspect["kind"]
    if kind != error["kind"] or suspect["image_id"] != error["image_id"]:
        return False
    if kind == "swap":
        return suspect["annotation_id"] == error["annotation_id"]
    if kind == "displaced":
        return (suspect["annotation_id"] == error["annotation_id"]
                and suspect["joint"] == error["joint"])
    if kind == "duplicate":
        return ({suspect["annotation_id"], suspect["other_annotation_id"]}
                == {error["annotation_id"], error["original_id"]})
    x, y, w, h = error["bbox"]
    cx, cy = centre(suspect["fixed_keypoints"])
    return x <= cx <= x + w and y <= cy <= y + h


def score(truth, suspects):
    rows = {}
    for kind in KINDS:
        errors = [e for e in truth["errors"] if e["kind"] == kind]
        listed = [s for s in suspects["suspects"] if s["kind"] == kind]
        found = set()
        right = 0
        for s in listed:
            hit = next((i for i, e in enumerate(errors) if i not in found and matches(s, e)), None)
            if hit is not None:
                found.add(hit)
                right += 1
        rows[kind] = {
            "injected": len(errors),
            "listed": len(listed),
            "right": right,
            "precision": right / len(listed) if listed else None,
            "recall": len(found) / len(errors) if errors else None,
        }
    return rows


def main():
    args = [a for a in sys.argv[1:] if a not in ("--json", "--total")]
    if len(args) < 2 or len(args) % 2 or (len(args) > 2 and "--total" not in sys.argv):
        sys.exit(__doc__)
    totals = {}
    for truth_path, suspects_path in zip(args[0::2], args[1::2]):
        with open(truth_path) as f:
            truth = json.load(f)
        with open(suspects_path) as f:
            suspects = json.load(f)
        for kind, r in score(truth, suspects).items():
            t = totals.setdefault(kind, {"injected": 0, "listed": 0, "right": 0})
            for key in t:
                t[key] += r[key]
    for t in totals.values():
        t["precision"] = t["right"] / t["listed"] if t["listed"] else None
        t["recall"] = t["right"] / t["injected"] if t["injected"] else None
    if "--json" in sys.argv:
        print(json.dumps(totals))
        return
    fmt = lambda v: "-" if v is None else f"{v:.2f}"
    print("| Kind | Injected | Listed | Right | Precision | Recall |")
    print("|---|---|---|---|---|---|")
    for kind, r in totals.items():
        print(f"| {kind} | {r['injected']} | {r['listed']} | {r['right']} | "
              f"{fmt(r['precision'])} | {fmt(r['recall'])} |")


if __name__ == "__main__":
    main()
