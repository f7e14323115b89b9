#!/usr/bin/env python3
"""Reference statistics of real DW1000 data: Kolakowski 2018, "UWB CIRs in a furnished apartment".

Data set (not stored in this repository; CC BY 4.0):
    Marcin Kolakowski (2021). UWB Channel Impulse Responses Registered in a Furnished Apartment
    (Version 1.0) [Data set]. Zenodo. https://doi.org/10.5281/zenodo.4742391
    GitHub: https://github.com/marckolak/uwb-cirs-2018 (commit 371b8933aa5ba32d4a4187a946e48be227e9adba)
    Collected for: M. Kolakowski and J. Modelski, "Detection of direct path component absence in
    NLOS UWB channel", MIKON 2018, pp. 247-250, doi:10.23919/MIKON.2018.8405190.

This script only derives statistics from the data set; it contains no code or text of it.
It parses the DecaRanging 3.05 logs (`results/<n>.log`) with its own parser, takes the device
positions (`results/anchors.csv`, `results/tags.csv`, `results/pairs.csv`) as ground truth and
the classes from `results/labels.csv`, and writes a JSON file of statistics.

Get the data:
    git clone https://github.com/marckolak/uwb-cirs-2018
    git -C uwb-cirs-2018 checkout 371b8933aa5ba32d4a4187a946e48be227e9adba
Run (from the repository root of swift-uwb):
    python3 Docs/reference/measurements/kolakowski2018.py uwb-cirs-2018 \
        --out Docs/reference/measurements/kolakowski2018.json
A copy that is not a git checkout (e.g. the Zenodo archive) needs `--commit <id or "zenodo-v1.0">`.
Logs that are missing (a partial copy) are skipped and listed in the JSON, with the git blob id of
every log that was read, so that a rerun can be checked against the same bytes.

Requires Python 3.8+, numpy and scipy. Field meanings follow Docs/reference/measured-channels.md.
"""

import argparse
import csv
import hashlib
import json
import math
import os
import re
import subprocess
import sys

import numpy as np
from scipy import optimize, stats

A_PRF64_DB = 121.74  # DW1000 UM 4.7.1/4.7.2: the constant A at 64 MHz PRF
LOS_LINE_DB = 6.0  # DW1000 UM 4.7: RX - FP below 6 dB suggests line of sight
NOISE_TAPS = (0, 600)  # taps used as the noise region (the first path is at 730+)
CLASSES = ("LOS", "NLOS", "NDP")
LATE_HLP = 820.0  # frames whose first path lies this late are treated apart in the CIR_PWR fit
LABEL_MAP = {"LOS": "LOS", "NLOS": "NLOS", "NDP NLOS": "NDP"}

# --------------------------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------------------------

FIELD_RE = re.compile(r"(\w+)\(([^)]*)\)")
CIR_RE = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")
ACC_RE = re.compile(r"^Accum Len\s+(\d+)\s*$")
RANGE_RE = re.compile(
    r"Anchor ToF:\s*(?P<tof>-?[\d.]+)\s*ns\s+Dist:\s*(?P<dist>-?[\d.]+)\s*m\s+"
    r"DistRaw:\s*(?P<raw>-?[\d.]+)\s*m\s+DistScal:\s*(?P<scal>-?[\d.]+)\s*m\s+"
    r"Bias:\s*(?P<bias>-?[\d.]+)\s*m\s+ClockOffset:\s*(?P<clk>-?[\d.]+)\s*ppm"
)
HEADER_RE = re.compile(r"Mode:\s*(\d+),\s*Chan\s*(\d+),\s*Code\s*(\d+),\s*PRF\s*(\d+),\s*Plength\s*(\d+)")


def parse_rx_ok(line):
    """The parenthesised fields of an `RX OK` line, converted (bases as documented)."""
    f = dict(FIELD_RE.findall(line))
    rc = f["RC"].split()
    return {
        "WInd": int(f["WInd"], 10),
        "HLP": float(f["HLP"]),
        "PSC": int(f["PSC"], 10),
        "SLP": float(f["SLP"]),
        "RC": (int(rc[0], 16) << 32) | int(rc[1], 16),
        "NTH": int(f["NTH"], 16),
        "T": int(f["T"], 16),
        "RSL": float(f["RSL"]),
        "FSL": float(f["FSL"]),
        "RSMPL": int(f["RSMPL"], 16),
    }


def parse_log(path):
    """Frames (with their accumulator) and range results of one DecaRanging log.

    A range result (`Anchor ToF ... Dist ...`) is attached to the frames received since the
    previous result (the poll and the final of that exchange). Frames whose accumulator dump is
    cut short or corrupt are dropped and counted.
    """
    with open(path, "rb") as fh:
        text = fh.read().decode("latin-1")
    lines = text.replace("\r", "").replace("\x00", "").split("\n")
    frames, ranges, header = [], [], None
    dropped = 0
    pending = []  # indices of frames since the last range result
    last_fcode = None
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        if header is None:
            m = HEADER_RE.search(line)
            if m:
                header = dict(zip(("mode", "channel", "code", "prf_mhz", "preamble_symbols"),
                                  (int(x) for x in m.groups())))
        if line.startswith("RX DATA:"):
            data = line.split(":", 1)[1].strip()
            last_fcode = int(data[42:44], 16) if len(data) >= 44 else None
            i += 1
            continue
        if line.startswith("RX OK "):
            try:
                fields = parse_rx_ok(line)
            except (KeyError, ValueError, IndexError):
                dropped += 1
                i += 1
                continue
            m = ACC_RE.match(lines[i + 1]) if i + 1 < n else None
            if not m:
                dropped += 1
                i += 1
                continue
            length = int(m.group(1))
            block = lines[i + 2:i + 2 + length]
            vals = [CIR_RE.match(x) for x in block]
            if len(block) < length or not all(vals):
                dropped += 1
                i += 2
                continue
            arr = np.array([[int(v.group(1)), int(v.group(2))] for v in vals], dtype=np.float64)
            fields["cir"] = arr[:, 0] + 1j * arr[:, 1]
            fields["fcode"] = last_fcode
            pending.append(len(frames))
            frames.append(fields)
            i += 2 + length
            continue
        m = RANGE_RE.search(line)
        if m:
            r = {k: float(v) for k, v in m.groupdict().items()}
            r["frames"] = pending
            ranges.append(r)
            pending = []
        i += 1
    return header, frames, ranges, dropped


def read_csv(path):
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def git_blob_id(path):
    with open(path, "rb") as fh:
        data = fh.read()
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


# --------------------------------------------------------------------------------------------
# Small statistics helpers
# --------------------------------------------------------------------------------------------

def r(x, nd=3):
    if x is None:
        return None
    x = float(x)
    if math.isnan(x) or math.isinf(x):
        return None
    return round(x, nd)


def pct(a, qs=(10, 50, 90), nd=3):
    a = np.asarray(a, dtype=float)
    a = a[np.isfinite(a)]
    if a.size == 0:
        return {f"p{q}": None for q in qs}
    return {f"p{q}": r(np.percentile(a, q), nd) for q in qs}


def summary(a, nd=3):
    a = np.asarray(a, dtype=float)
    a = a[np.isfinite(a)]
    out = {"n": int(a.size)}
    if a.size:
        out.update({"median": r(np.median(a), nd), **pct(a, (10, 90), nd),
                    "mean": r(a.mean(), nd), "sd": r(a.std(ddof=1) if a.size > 1 else 0.0, nd)})
    return out


def linfit(x, y):
    x, y = np.asarray(x, float), np.asarray(y, float)
    res = stats.linregress(x, y)
    return {"slope": res.slope, "intercept": res.intercept, "r": res.rvalue, "n": int(x.size),
            "slope_stderr": res.stderr}


def robust_sd(a):
    a = np.asarray(a, float)
    return 1.4826 * np.median(np.abs(a - np.median(a)))


def level_dbm(power, psc):
    """UM formula: 10 log10(P / N^2) - A (P = F1^2+F2^2+F3^2, or CIR_PWR * 2^17)."""
    return 10.0 * np.log10(power / np.asarray(psc, float) ** 2) - A_PRF64_DB


# --------------------------------------------------------------------------------------------
# Analysis
# --------------------------------------------------------------------------------------------

def load(root):
    res = os.path.join(root, "results")
    labels = {int(row["file_id"]): LABEL_MAP[row["label"].strip()] for row in read_csv(os.path.join(res, "labels.csv"))}
    anchors = {int(row["location"]): (float(row["x"]), float(row["y"])) for row in read_csv(os.path.join(res, "anchors.csv"))}
    tags = {int(row["location"]): (float(row["x"]), float(row["y"])) for row in read_csv(os.path.join(res, "tags.csv"))}
    pairs = {int(row["file_number"]): (int(row["anchor_location"]), int(row["tag_location"]))
             for row in read_csv(os.path.join(res, "pairs.csv"))}
    links, missing = [], []
    for fid in sorted(labels):
        path = os.path.join(res, f"{fid}.log")
        if not os.path.isfile(path) or os.path.getsize(path) < 1000:
            missing.append(fid)
            continue
        header, frames, ranges, dropped = parse_log(path)
        if not frames:
            missing.append(fid)
            continue
        a, t = pairs[fid]
        (ax, ay), (tx, ty) = anchors[a], tags[t]
        links.append({
            "file": fid, "class": labels[fid], "anchor": a, "tag": t,
            "true_m": math.hypot(ax - tx, ay - ty), "header": header,
            "frames": frames, "ranges": ranges, "dropped": dropped,
            "blob": git_blob_id(path), "bytes": os.path.getsize(path),
        })
    return labels, links, missing


def frame_features(f):
    c = f["cir"]
    mag = np.abs(c)
    lo, hi = NOISE_TAPS
    nre, nim = c.real[lo:hi], c.imag[lo:hi]
    sd_re, sd_im = nre.std(ddof=1), nim.std(ddof=1)
    sigma = math.sqrt((sd_re ** 2 + sd_im ** 2) / 2.0)
    k = int(math.floor(f["HLP"]))
    peak_idx = int(np.argmax(mag))
    nz = c[lo:hi]
    lag1 = float(np.real(np.sum(nz[:-1] * np.conj(nz[1:]))) / np.sum(np.abs(nz) ** 2))
    return {
        "sd_re": sd_re, "sd_im": sd_im, "sigma": sigma, "mean_re": nre.mean(), "mean_im": nim.mean(),
        "noise_max": mag[lo:hi].max(), "noise_mean_mag": mag[lo:hi].mean(), "lag1": lag1,
        "k": k, "peak_idx": peak_idx, "peak": mag[peak_idx],
        "fsl_check": float(level_dbm(mag[k + 1] ** 2 + mag[k + 2] ** 2 + mag[k + 3] ** 2, f["PSC"])),
    }


def per_class_tables(links):
    out = {}
    groups = {c: [l for l in links if l["class"] == c] for c in CLASSES}
    groups["all"] = links
    # range errors per range result
    for l in links:
        for rr in l["ranges"]:
            rr["err_dist"] = rr["dist"] - l["true_m"]
            rr["err_raw"] = rr["raw"] - l["true_m"]
        fr = l["frames"]
        l["rsl_med"] = float(np.median([f["RSL"] for f in fr]))
        l["fsl_med"] = float(np.median([f["FSL"] for f in fr]))
        if l["ranges"]:
            ed = np.array([rr["err_dist"] for rr in l["ranges"]])
            er = np.array([rr["err_raw"] for rr in l["ranges"]])
            l["err_dist_med"], l["err_raw_med"] = float(np.median(ed)), float(np.median(er))
            l["err_dist_sd"] = float(ed.std(ddof=1)) if ed.size > 1 else float("nan")
            l["err_raw_sd"] = float(er.std(ddof=1)) if er.size > 1 else float("nan")
            l["err_dist_rsd"] = float(robust_sd(ed))
            l["err_raw_rsd"] = float(robust_sd(er))
            l["bias_values"] = sorted(set(round(rr["bias"], 3) for rr in l["ranges"]))
    los_all = [rr for l in groups["LOS"] for rr in l["ranges"]]
    los_med = {k: float(np.median([rr[k] for rr in los_all])) for k in ("err_dist", "err_raw")}
    los_link_med = {k: float(np.median([l[k + "_med"] for l in groups["LOS"] if l["ranges"]]))
                    for k in ("err_dist", "err_raw")}
    for name, ls in groups.items():
        fr = [f for l in ls for f in l["frames"]]
        rsl = np.array([f["RSL"] for f in fr])
        fsl = np.array([f["FSL"] for f in fr])
        diff = rsl - fsl
        psc = np.array([f["PSC"] for f in fr])
        pk = np.array([f["feat"]["peak_idx"] - f["HLP"] for f in fr])
        rl = [l for l in ls if l["ranges"]]
        d = {
            "links": len(ls), "frames": len(fr), "range_results": sum(len(l["ranges"]) for l in ls),
            "rx_minus_fp_db": {**pct(diff, (10, 50, 90), 2), "mean": r(diff.mean(), 2)},
            "rx_level_dbm": pct(rsl, (10, 50, 90), 2),
            "fp_level_dbm": pct(fsl, (10, 50, 90), 2),
            "share_rx_minus_fp_below_6db": r(np.mean(diff < LOS_LINE_DB), 3),
            "share_rx_minus_fp_above_10db": r(np.mean(diff > 10.0), 3),
            "rxpacc_psc": pct(psc, (10, 50, 90), 1),
            "peak_minus_hlp_taps": pct(pk, (10, 50, 90), 2),
        }
        for key, fld in (("dist", "err_dist"), ("distraw", "err_raw")):
            allr = np.array([rr[fld] for l in ls for rr in l["ranges"]])
            meds = np.array([l[fld + "_med"] for l in rl])
            sds = np.array([l[fld + "_sd"] for l in rl])
            rsds = np.array([l[fld + "_rsd"] for l in rl])
            rel = meds - los_link_med[fld]
            d[f"range_error_{key}_m"] = {
                "all_results": {"median": r(np.median(allr), 3), **pct(allr, (10, 90), 3), "n": int(allr.size)},
                "median_minus_los_median": r(np.median(allr) - los_med[fld], 3),
                "link_medians": {"median": r(np.median(meds), 3), "n_links": int(meds.size)},
                "median_of_link_medians_minus_los": r(np.median(meds) - los_link_med[fld], 3),
                "within_link_sd": {"median": r(np.median(sds), 4), **pct(sds, (10, 90), 4),
                                   "median_robust_sd_1.4826mad": r(np.median(rsds), 4)},
                "between_link_spread_rel_los": {
                    "sd": r(rel.std(ddof=1) if rel.size > 1 else 0.0, 3), "min": r(rel.min(), 3),
                    "max": r(rel.max(), 3), **pct(rel, (10, 90), 3)},
            }
        out[name] = d
    return out, los_med, los_link_med


def decaranging_bias_table(links):
    """DecaRanging's Bias field (Dist = DistRaw - Bias) against the raw distance and the frames' RX level."""
    rows = {}
    for l in links:
        for rr in l["ranges"]:
            fr = [l["frames"][i] for i in rr["frames"]]
            if not fr:
                continue
            rows.setdefault(round(rr["bias"], 3), []).append((rr["raw"], float(np.mean([f["RSL"] for f in fr]))))
    out = []
    for bias, v in sorted(rows.items()):
        v = np.array(v)
        out.append({"bias_m": bias, "n_results": int(len(v)),
                    "distraw_m": pct(v[:, 0], (5, 50, 95), 2), "rx_level_dbm": pct(v[:, 1], (5, 50, 95), 2)})
    return out


def error_vs_level(links):
    rl = [l for l in links if l["ranges"]]
    out = {}
    for lvl in ("rsl", "fsl"):
        for fld in ("err_dist", "err_raw"):
            x = [l[lvl + "_med"] for l in rl]
            y = [l[fld + "_med"] for l in rl]
            f = linfit(x, y)
            key = f"{fld.replace('err_', '')}_vs_{'rx' if lvl == 'rsl' else 'fp'}_level"
            out[key] = {"slope_m_per_db": r(f["slope"], 4), "slope_stderr": r(f["slope_stderr"], 4),
                        "intercept_m": r(f["intercept"], 3), "pearson_r": r(f["r"], 3), "n_links": f["n"]}
        # within classes too (DistRaw vs RX level)
    for c in CLASSES:
        cl = [l for l in rl if l["class"] == c]
        if len(cl) > 2:
            f = linfit([l["rsl_med"] for l in cl], [l["err_dist_med"] for l in cl])
            out[f"dist_vs_rx_level_{c}"] = {"slope_m_per_db": r(f["slope"], 4), "pearson_r": r(f["r"], 3),
                                            "n_links": f["n"]}
    return out


def fit_power_law(x, y):
    lx, ly = np.log(x), np.log(y)
    res = stats.linregress(lx, ly)
    resid = ly - (res.intercept + res.slope * lx)
    k05 = float(np.exp(np.median(ly - 0.5 * lx)))
    resid05 = ly - (np.log(k05) + 0.5 * lx)
    return {
        "k": r(math.exp(res.intercept), 4), "p": r(res.slope, 4), "p_stderr": r(res.stderr, 4),
        "r2_log": r(res.rvalue ** 2, 4), "residual_sd_db": r(20 * np.log10(np.e) * resid.std(ddof=2), 3),
        "with_p_fixed_0.5": {"k": r(k05, 4), "residual_sd_db": r(20 * np.log10(np.e) * resid05.std(ddof=1), 3),
                             "residual_median_db": r(20 * np.log10(np.e) * np.median(resid05), 3)},
    }


def noise_calibration(frames, links):
    psc = np.array([f["PSC"] for f in frames], float)
    F = [f["feat"] for f in frames]
    sre = np.array([x["sd_re"] for x in F])
    sim = np.array([x["sd_im"] for x in F])
    sig = np.array([x["sigma"] for x in F])
    rsl = np.array([f["RSL"] for f in frames])
    per_tap_db = level_dbm(2 * sig ** 2, psc)
    fp3_db = level_dbm(6 * sig ** 2, psc)
    per_symbol_db = 10 * np.log10(2 * sig ** 2 / psc) - A_PRF64_DB
    # within-link exponent: log sigma against log PSC after removing each link's mean
    xs, ys = [], []
    for l in links:
        s_ = np.log([f["feat"]["sigma"] for f in l["frames"]])
        p_ = np.log([f["PSC"] for f in l["frames"]])
        xs.append(p_ - p_.mean())
        ys.append(s_ - s_.mean())
    wl = stats.linregress(np.concatenate(xs), np.concatenate(ys))
    lv = stats.linregress(rsl, per_symbol_db)
    out = {
        "region_taps": list(NOISE_TAPS),
        "definition": "per-component sample SD of the accumulator's real and imaginary parts over taps 0-599, "
                      "raw accumulator units; sigma = sqrt((sd_re^2+sd_im^2)/2)",
        "fit_sd_re_vs_psc_pooled": fit_power_law(psc, sre),
        "fit_sd_im_vs_psc_pooled": fit_power_law(psc, sim),
        "fit_sigma_vs_psc_pooled": fit_power_law(psc, sig),
        "fit_sigma_vs_psc_within_link": {
            "p": r(wl.slope, 4), "p_stderr": r(wl.stderr, 4), "pearson_r": r(wl.rvalue, 3),
            "method": "log sigma on log PSC after subtracting each link's means (fixed effects), all links pooled"},
        "sigma_over_sqrt_psc": pct(sig / np.sqrt(psc), (10, 50, 90), 3),
        "sd_im_over_sd_re": pct(sim / sre, (10, 50, 90), 3),
        "mean_re_over_sigma": pct(np.array([x["mean_re"] for x in F]) / sig, (10, 50, 90), 3),
        "mean_im_over_sigma": pct(np.array([x["mean_im"] for x in F]) / sig, (10, 50, 90), 3),
        "adjacent_tap_correlation": pct([x["lag1"] for x in F], (10, 50, 90), 3),
        "noise_max_mag_over_sigma": pct(np.array([x["noise_max"] for x in F]) / sig, (10, 50, 90), 3),
        "noise_mean_mag_over_sigma": pct(np.array([x["noise_mean_mag"] for x in F]) / sig, (10, 50, 90), 3),
        "noise_per_tap_level_dbm": {
            "definition": "10*log10(2*sigma^2/PSC^2) - 121.74: one tap of pure noise read with the UM level formula",
            **pct(per_tap_db, (10, 50, 90), 2)},
        "noise_fp_level_dbm": {
            "definition": "10*log10(3*2*sigma^2/PSC^2) - 121.74: expected FP level if F1..F3 held only noise",
            **pct(fp3_db, (10, 50, 90), 2)},
        "noise_per_symbol_level_dbm": {
            "definition": "10*log10(2*sigma^2/PSC) - 121.74: the per-tap noise level for one accumulated symbol "
                          "(noise power grows as PSC, signal power as PSC^2)",
            **pct(per_symbol_db, (10, 50, 90), 2),
            "vs_rx_level": {"slope_db_per_db": r(lv.slope, 3), "intercept_db": r(lv.intercept, 2),
                            "pearson_r": r(lv.rvalue, 3)}},
        "rx_level_minus_noise_per_tap_db": pct(rsl - per_tap_db, (10, 50, 90), 2),
        "sigma_raw": pct(sig, (1, 10, 50, 90, 99), 1),
        "n_frames": int(psc.size),
    }
    for c in CLASSES:
        m = np.array([f["class"] == c for f in frames])
        out[f"sigma_over_sqrt_psc_median_{c}"] = r(np.median(sig[m] / np.sqrt(psc[m])), 3)
        out[f"noise_per_symbol_level_dbm_median_{c}"] = r(np.median(per_symbol_db[m]), 2)
    return out


def accumulation_stop(frames):
    """When RXPACC stops short of the preamble: the largest |re| or |im| in the accumulator."""
    psc = np.array([f["PSC"] for f in frames], float)
    mc = np.array([max(np.abs(f["cir"].real).max(), np.abs(f["cir"].imag).max()) for f in frames])
    cls = np.array([f["class"] for f in frames])
    sat = mc >= 16384
    full = ~sat
    out = {
        "definition": "max_component = max over taps of max(|re|, |im|) in the logged accumulator",
        "max_component_when_psc_below_990": pct(mc[psc < 990], (1, 5, 50, 95, 99), 0),
        "max_component_when_psc_990_or_more": pct(mc[psc >= 990], (1, 50, 99), 0),
        "share_frames_max_component_ge_16384": r(np.mean(sat), 4),
        "psc_when_max_component_below_16384": pct(psc[full], (1, 10, 50, 90, 99), 0),
        "psc_mode_when_not_stopped": int(stats.mode(psc[full & (psc >= 990)], keepdims=False).mode)
        if np.any(full & (psc >= 990)) else None,
        "peak_magnitude_when_stopped": pct([f["feat"]["peak"] for f, s in zip(frames, sat) if s], (1, 50, 99), 0),
    }
    for c in CLASSES:
        out[f"share_stopped_by_16384_{c}"] = r(np.mean(sat[cls == c]), 4)
    return out


def window_sums(f):
    c = f["cir"]
    p = np.abs(c) ** 2
    n = p.size
    k = f["feat"]["k"]
    cs = np.concatenate(([0.0], np.cumsum(p)))

    def span(a, b):
        a, b = max(a, 0), min(b, n - 1)
        return cs[b + 1] - cs[a]

    out = {"whole_accumulator": cs[-1]}
    sig2 = 2 * f["feat"]["sigma"] ** 2
    out["whole_accumulator_minus_noise"] = cs[-1] - n * sig2
    for back in (0, 2, 4, 8):
        for m in (4, 8, 16, 32, 64, 128, 256):
            out[f"hlp-{back}..hlp+{m}"] = span(k - back, k + m)
            out[f"hlp-{back}..hlp+{m}_minus_noise"] = span(k - back, k + m) - (back + m + 1) * sig2
    pk = f["feat"]["peak_idx"]
    for half in (2, 4, 8, 16, 32):
        out[f"peak±{half}"] = span(pk - half, pk + half)
    for w in (4, 8, 16, 32, 64, 128):
        ws = cs[w:] - cs[:-w]
        out[f"strongest_{w}_contiguous"] = ws.max()
    out["hlp..end"] = span(k, n - 1)
    return out


def cir_pwr_calibration(frames):
    psc = np.array([f["PSC"] for f in frames], float)
    rsl = np.array([f["RSL"] for f in frames])
    hlp = np.array([f["HLP"] for f in frames])
    C = psc ** 2 / 2 ** 17 * 10 ** ((rsl + A_PRF64_DB) / 10)
    sums = [window_sums(f) for f in frames]
    keys = list(sums[0].keys())
    normal = hlp < LATE_HLP
    cands = []
    for key in keys:
        S = np.array([s[key] for s in sums])
        ok = S > 0
        ratio = C[ok] / S[ok]
        l2 = float(np.log2(np.median(ratio)))
        sh = int(round(l2))
        err = 10 * np.log10(C[ok] / (S[ok] * 2.0 ** sh))
        q = np.percentile(err, (5, 25, 50, 75, 95))
        en = 10 * np.log10(C[ok & normal] / (S[ok & normal] * 2.0 ** sh))
        cands.append({
            "window": key, "log2_median_ratio": r(l2, 3), "scale_power_of_two": sh,
            "err_db_median": r(q[2], 3), "err_db_iqr": r(q[3] - q[1], 3), "err_db_p5": r(q[0], 3),
            "err_db_p95": r(q[4], 3), "err_db_sd": r(err.std(ddof=1), 3),
            "err_db_sd_hlp_below_820": r(en.std(ddof=1), 3), "n": int(ok.sum()),
        })
    cands.sort(key=lambda x: (x["err_db_iqr"], abs(x["err_db_median"])))
    best = cands[0]
    S = np.array([s[best["window"]] for s in sums])
    per_class = {}
    for c in CLASSES:
        m = np.array([f["class"] == c for f in frames]) & (S > 0)
        e = 10 * np.log10(C[m] / (S[m] * 2.0 ** best["scale_power_of_two"]))
        q = np.percentile(e, (25, 50, 75))
        per_class[c] = {"err_db_median": r(q[1], 3), "err_db_iqr": r(q[2] - q[0], 3), "n": int(m.sum())}
    # frames whose channel lies late in the accumulator: does the chip's sum stop at a fixed tap?
    late = hlp >= 830
    fixed_end = {}
    P = [np.abs(f["cir"]) ** 2 for f, lt in zip(frames, late) if lt]
    Cl = C[late] * 2 ** 17
    for end in range(846, 866, 2):
        e = 10 * np.log10(Cl / np.array([p[700:end + 1].sum() for p in P]))
        fixed_end[str(end)] = {"err_db_median": r(np.median(e), 2), "share_abs_err_below_0.5db": r(np.mean(np.abs(e) < 0.5), 3)}
    ew = 10 * np.log10(Cl / np.array([p[700:].sum() for p in P]))
    return {
        "definition": "C = PSC^2 / 2^17 * 10^((RSL + 121.74)/10) per frame (UM 4.7.2 solved for CIR_PWR); "
                      "compared with S = sum |c[k]|^2 over a window times 2^scale; err_db = 10 log10(C / (S 2^scale)); "
                      "windows 'hlp-a..hlp+m' are inclusive tap ranges from floor(HLP); '_minus_noise' subtracts "
                      "the window's expected noise energy (taps x 2 sigma^2); ranked by IQR of err_db",
        "implied_cir_pwr": pct(C, (1, 10, 50, 90, 99), 1),
        "best": best, "best_per_class": per_class,
        "candidates_sorted": cands,
        "late_frames": {
            "selection": "HLP >= 830 (first path late in the accumulator)", "n": int(late.sum()),
            "err_db_window_700_to_end_of_accumulator": pct(ew, (10, 50, 90), 2),
            "err_db_window_700_to_fixed_end": fixed_end,
            "n_frames_rx_level_below_fp_level": int(np.sum((rsl < np.array([f["FSL"] for f in frames])) & late)),
        },
        "n_frames": int(C.size),
    }


def nth_calibration(frames):
    nth = np.array([f["NTH"] for f in frames], float)
    F = [f["feat"] for f in frames]
    sig = np.array([x["sigma"] for x in F])
    pk = np.array([x["peak"] for x in F])
    nmax = np.array([x["noise_max"] for x in F])
    psc = np.array([f["PSC"] for f in frames], float)
    cls = np.array([f["class"] for f in frames])

    def quality(pred):
        rel = pred / nth - 1
        ld = 20 * np.log10(pred / nth)
        ss_res = np.sum((nth - pred) ** 2)
        ss_tot = np.sum((nth - nth.mean()) ** 2)
        return {"median_abs_rel_err": r(np.median(np.abs(rel)), 4), "p90_abs_rel_err": r(np.percentile(np.abs(rel), 90), 4),
                "median_ratio_db": r(np.median(ld), 3), "sd_ratio_db": r(ld.std(ddof=1), 3), "r2": r(1 - ss_res / ss_tot, 4)}

    out = {"definition": "NTH = the log's NTH field (hex) read as LDE_THRESH; sigma = per-component noise SD "
                         "(taps 0-599); peak = max |c| over the accumulator; noise_max = max |c| over taps 0-599"}
    out["nth_over_sigma"] = {c: pct(nth[cls == c] / sig[cls == c], (10, 50, 90), 2) for c in CLASSES}
    out["nth_over_sigma"]["all"] = pct(nth / sig, (10, 50, 90), 2)
    out["nth_over_peak"] = {c: pct(nth[cls == c] / pk[cls == c], (10, 50, 90), 4) for c in CLASSES}
    out["nth_over_peak"]["all"] = pct(nth / pk, (10, 50, 90), 4)
    out["nth"] = {c: pct(nth[cls == c], (10, 50, 90), 0) for c in CLASSES}
    models = {}
    a = float(np.exp(np.median(np.log(nth / sig))))
    models["a*sigma"] = {"a": r(a, 4), **quality(a * sig)}
    b = float(np.exp(np.median(np.log(nth / pk))))
    models["b*peak"] = {"b": r(b, 5), **quality(b * pk)}
    c_ = float(np.exp(np.median(np.log(nth / nmax))))
    models["c*noise_max"] = {"c": r(c_, 4), **quality(c_ * nmax)}
    # least squares in relative terms (divide by NTH): minimise sum((a s + b p)/nth - 1)^2
    X = np.c_[sig / nth, pk / nth]
    coef, *_ = np.linalg.lstsq(X, np.ones_like(nth), rcond=None)
    models["a*sigma+b*peak"] = {"a": r(coef[0], 4), "b": r(coef[1], 5), **quality(X @ coef * nth)}

    def fit_max(t2, start):
        res = optimize.least_squares(lambda q: np.log(np.maximum(q[0] * sig, q[1] * t2) / nth), start)
        return res.x

    for name, t2 in (("max(a*sigma,b*peak)", pk), ("max(a*sigma,b*sigma*1024/PSC)", sig * 1024 / psc),
                     ("max(a*sigma,b*sigma*peak/PSC)", sig * pk / psc)):
        qa, qb = fit_max(t2, [9.0, float(np.median(nth / t2))])
        pred = np.maximum(qa * sig, qb * t2)
        models[name] = {"a": r(qa, 4), "b": r(qb, 5), **quality(pred),
                        "share_second_term_wins": r(np.mean(qb * t2 > qa * sig), 3)}
    out["models"] = models
    out["best_model"] = min(models, key=lambda k: models[k]["sd_ratio_db"])
    # the noise term alone, where the second term cannot matter (long accumulations)
    long_ = psc >= 550
    lr = np.log(nth[long_] / sig[long_])
    out["nth_over_sigma_when_psc_ge_550"] = {"median": r(np.exp(np.median(lr)), 3),
                                             "sd_ratio_db": r(20 * np.log10(np.e) * lr.std(ddof=1), 3),
                                             "n": int(long_.sum())}
    measures = {
        "sigma (per-component SD)": lambda c: math.sqrt((c.real.var() + c.imag.var()) / 2),
        "SD of |c|": lambda c: np.abs(c).std(), "mean |c|": lambda c: np.abs(c).mean(),
        "rms |c|": lambda c: math.sqrt(np.mean(np.abs(c) ** 2)), "max |c|": lambda c: np.abs(c).max(),
        "p99 of |c|": lambda c: np.percentile(np.abs(c), 99),
    }
    lo, hi = NOISE_TAPS
    out["noise_measures_when_psc_ge_550"] = {}
    for name, fn in measures.items():
        v = np.array([fn(f["cir"][lo:hi]) for f, m in zip(frames, long_) if m])
        lr_ = np.log(nth[long_] / v)
        out["noise_measures_when_psc_ge_550"][name] = {"nth_over_measure_median": r(np.exp(np.median(lr_)), 3),
                                                       "sd_ratio_db": r(20 * np.log10(np.e) * lr_.std(ddof=1), 3)}
    bins = [250, 275, 300, 350, 400, 450, 500, 600, 800, 990, 1100]
    out["nth_over_sigma_by_psc"] = [
        {"psc_from": lo, "psc_to": hi, "n": int(np.sum((psc >= lo) & (psc < hi))),
         **pct((nth / sig)[(psc >= lo) & (psc < hi)], (10, 50, 90), 2)}
        for lo, hi in zip(bins[:-1], bins[1:]) if np.any((psc >= lo) & (psc < hi))]
    # dependence of NTH/sigma on SNR
    snr = 20 * np.log10(pk / sig)
    out["nth_over_sigma_vs_peak_snr_db"] = {"pearson_r_log": r(stats.pearsonr(snr, np.log(nth / sig))[0], 3)}
    # forward scan: first tap with |c| >= NTH
    diffs = []
    for f in frames:
        mag = np.abs(f["cir"])
        idx = np.nonzero(mag >= f["NTH"])[0]
        diffs.append(idx[0] - f["feat"]["k"] if idx.size else 9999)
    diffs = np.array(diffs)
    f = {}
    for c in list(CLASSES) + ["all"]:
        m = (cls == c) if c != "all" else np.ones_like(cls, bool)
        dd = diffs[m]
        f[c] = {"within_1_tap_of_floor_hlp": r(np.mean(np.abs(dd) <= 1), 4),
                "equal_floor_hlp": r(np.mean(dd == 0), 4), "floor_plus_1": r(np.mean(dd == 1), 4),
                "floor_minus_1": r(np.mean(dd == -1), 4), "earlier_than_floor_minus_1": r(np.mean(dd < -1), 4),
                "later_than_floor_plus_1": r(np.mean((dd > 1) & (dd < 9999)), 4), "n": int(m.sum())}
    out["forward_scan_first_tap_at_or_above_nth"] = f
    return out


def first_local_peak(mag, i):
    """Index of the first local maximum of |c| at or after tap i, and its parabolic sub-tap offset."""
    j = i
    while j + 1 < mag.size and mag[j + 1] >= mag[j]:
        j += 1
    if 0 < j < mag.size - 1:
        den = mag[j - 1] - 2 * mag[j] + mag[j + 1]
        off = 0.5 * (mag[j - 1] - mag[j + 1]) / den if den != 0 else 0.0
    else:
        off = 0.0
    return j, off


def crossing_before(mag, j, level):
    """Interpolated position where |c| rises through `level`, scanning back from tap j."""
    q = j
    while q > 0 and mag[q - 1] >= level:
        q -= 1
    if q == 0:
        return float("nan")
    a_, b_ = mag[q - 1], mag[q]
    return (q - 1) + (level - a_) / (b_ - a_)


def err_row(e):
    e = np.asarray(e, float)
    e = e[np.isfinite(e)]
    q5, q25, q50, q75, q95 = np.percentile(e, (5, 25, 50, 75, 95))
    return {"err_taps_median": r(q50, 3), "err_taps_iqr": r(q75 - q25, 3), "err_taps_p5": r(q5, 3),
            "err_taps_p95": r(q95, 3), "share_within_0.25_tap": r(np.mean(np.abs(e) <= 0.25), 3),
            "share_within_0.5_tap": r(np.mean(np.abs(e) <= 0.5), 3), "n": int(e.size)}


def fraction_rules(frames):
    """Predict HLP (fractional) from the accumulator magnitude with simple rules.

    Every rule starts from the first tap i with |c| >= NTH (scanning forward from tap 0).
    - lin_interp_nth: linear interpolation of |c| across NTH between taps i-1 and i;
    - lin_interp_nth_power: the same on |c|^2 against NTH^2;
    - first_local_peak_pos: parabolic position of the first local maximum at or after i;
    - cross_F_first_peak: where |c| rises through F x (that first local maximum), scanning back from it.
    """
    fracs = [round(x, 2) for x in np.arange(0.10, 0.91, 0.05)] + [round(x, 2) for x in np.arange(0.40, 0.71, 0.01)]
    fracs = sorted(set(fracs))
    preds = {"lin_interp_nth": [], "lin_interp_nth_power": [], "first_local_peak_pos": []}
    for fr in fracs:
        preds[f"cross_{fr:.2f}_first_peak"] = []
    hlp, cls = [], []
    for f in frames:
        mag = np.abs(f["cir"])
        nth = f["NTH"]
        idx = np.nonzero(mag >= nth)[0]
        if idx.size == 0 or idx[0] == 0:
            continue
        i = int(idx[0])
        lo, hi = mag[i - 1], mag[i]
        preds["lin_interp_nth"].append((i - 1) + (nth - lo) / (hi - lo))
        preds["lin_interp_nth_power"].append((i - 1) + (nth ** 2 - lo ** 2) / (hi ** 2 - lo ** 2))
        j, off = first_local_peak(mag, i)
        preds["first_local_peak_pos"].append(j + off)
        for fr in fracs:
            preds[f"cross_{fr:.2f}_first_peak"].append(crossing_before(mag, j, fr * mag[j]))
        hlp.append(f["HLP"])
        cls.append(f["class"])
    hlp = np.array(hlp)
    cls = np.array(cls)
    out = {k: err_row(np.array(v) - hlp) for k, v in preds.items()}
    li = out["lin_interp_nth"]
    out["lin_interp_nth_plus_offset"] = {"offset_taps": r(-li["err_taps_median"], 3), "err_taps_median": 0.0,
                                         "err_taps_iqr": li["err_taps_iqr"]}
    cross = [k for k in out if k.startswith("cross_")]
    best_iqr = min(cross, key=lambda k: out[k]["err_taps_iqr"])
    unbiased = min(cross, key=lambda k: abs(out[k]["err_taps_median"]))
    per_class = {}
    for key in sorted({best_iqr, unbiased, "lin_interp_nth"}):
        v = np.array(preds[key]) - hlp
        per_class[key] = {c: err_row(v[cls == c]) for c in CLASSES}
    frac = hlp - np.floor(hlp)
    hist, _ = np.histogram(frac, bins=8, range=(0, 1))
    return {"rules": out, "best_rule_by_iqr": best_iqr, "least_biased_rule": unbiased, "per_class": per_class,
            "hlp_fraction_histogram_8_bins": hist.tolist(), "n_frames": int(hlp.size),
            "note": "error = predicted minus logged HLP, in taps (1 tap = 1.0016 ns = 64 DTU)"}


def lde_chain_with_model_threshold(frames, nth_fit, fraction):
    """The whole leading-edge rule with the fitted threshold instead of the logged NTH:
    first tap with |c| >= NTH_model, first local maximum from there, crossing of `fraction` x that maximum."""
    qa, qb = nth_fit["a"], nth_fit["b"]
    errs, scan, cls = [], [], []
    for f in frames:
        mag = np.abs(f["cir"])
        sig, pk = f["feat"]["sigma"], f["feat"]["peak"]
        thr = max(qa * sig, qb * sig * pk / f["PSC"])
        idx = np.nonzero(mag >= thr)[0]
        if idx.size == 0 or idx[0] == 0:
            continue
        i = int(idx[0])
        j, _ = first_local_peak(mag, i)
        errs.append(crossing_before(mag, j, fraction * mag[j]) - f["HLP"])
        scan.append(i - f["feat"]["k"])
        cls.append(f["class"])
    errs, scan, cls = np.array(errs), np.array(scan), np.array(cls)
    out = {"threshold": f"max({qa}*sigma, {qb}*sigma*peak/PSC)", "fraction": fraction,
           "all": {**err_row(errs), "first_tap_within_1_of_floor_hlp": r(np.mean(np.abs(scan) <= 1), 4)}}
    for c in CLASSES:
        m = cls == c
        out[c] = {**err_row(errs[m]), "first_tap_within_1_of_floor_hlp": r(np.mean(np.abs(scan[m]) <= 1), 4)}
    return out


def half_max_points(grid, prof):
    """Rising and falling half-maximum crossings of a profile around its maximum (linear interpolation)."""
    k = int(np.argmax(prof))
    h = prof[k] / 2
    i = k
    while i > 0 and prof[i - 1] >= h:
        i -= 1
    rise = grid[i - 1] + (h - prof[i - 1]) / (prof[i] - prof[i - 1]) * (grid[i] - grid[i - 1]) if i > 0 else float("nan")
    j = k
    while j + 1 < prof.size and prof[j + 1] >= h:
        j += 1
    fall = grid[j] + (prof[j] - h) / (prof[j] - prof[j + 1]) * (grid[j + 1] - grid[j]) if j + 1 < prof.size else float("nan")
    return rise, fall


def pulse_shape(frames):
    """Mean accumulator shape around the first path in clean, strong LOS frames."""
    sel = [f for f in frames if f["class"] == "LOS" and f["RSL"] - f["FSL"] <= 4.0
           and 20 * math.log10(f["feat"]["peak"] / f["feat"]["sigma"]) >= 30]
    offs = np.arange(-4, 11)
    grid = np.arange(-4.0, 10.01, 0.25)
    pgrid = np.arange(-6.0, 8.01, 0.25)
    mags, cplx, fine, pk_abs, pk_re, dpk, dpk_int = [], [], [], [], [], [], []
    for f in sel:
        c = f["cir"]
        mag = np.abs(c)
        k = f["feat"]["k"]
        j, off = first_local_peak(mag, k)
        dpk.append(j + off - f["HLP"])
        dpk_int.append(j - k)
        pkv = mag[j]
        rot = c * np.conj(c[j]) / abs(c[j])
        mags.append(mag[k + offs] / pkv)
        cplx.append(rot[k + offs] / pkv)
        xs = np.arange(mag.size) - f["HLP"]
        fine.append(np.interp(grid, xs, mag) / pkv)
        xp = np.arange(mag.size) - (j + off)
        pk_abs.append(np.interp(pgrid, xp, mag) / pkv)
        pk_re.append(np.interp(pgrid, xp, rot.real) / pkv)
    mags, cplx, fine = np.array(mags), np.array(cplx), np.array(fine)
    pk_abs, pk_re = np.array(pk_abs).mean(axis=0), np.array(pk_re).mean(axis=0)
    # per LOS link, all frames with peak/sigma >= 30 dB: the phase-aligned real part 2.5 taps after the peak
    per_link = {}
    for f in frames:
        if f["class"] != "LOS" or 20 * math.log10(f["feat"]["peak"] / f["feat"]["sigma"]) < 30:
            continue
        c = f["cir"]
        mag = np.abs(c)
        j, off = first_local_peak(mag, f["feat"]["k"])
        rot = c * np.conj(c[j]) / abs(c[j])
        per_link.setdefault(f["file"], []).append(
            float(np.interp(2.5, np.arange(mag.size) - (j + off), rot.real)) / mag[j])
    per_link = {str(k): r(np.mean(v), 3) for k, v in sorted(per_link.items())}
    m_mean = mags.mean(axis=0)
    c_mean = cplx.mean(axis=0)
    f_mean = fine.mean(axis=0)
    f_mean = f_mean / f_mean.max()
    rise, fall = half_max_points(pgrid, pk_abs / pk_abs.max())
    r_rise, r_fall = half_max_points(pgrid, pk_re / pk_re.max())
    return {
        "selection": "class LOS, RX-FP <= 4 dB, 20*log10(peak/sigma) >= 30 dB; each frame normalised to its "
                     "first-path pulse peak (first local maximum of |c| at or after floor(HLP)); complex samples "
                     "rotated so that the tap at that peak is real and positive",
        "n_frames": len(sel),
        "offsets_taps_from_floor_hlp": offs.tolist(),
        "mean_abs_normalised": [r(x, 4) for x in m_mean / m_mean.max()],
        "mean_abs_normalised_sd": [r(x, 4) for x in mags.std(axis=0)],
        "mean_complex_phase_aligned_re": [r(x, 4) for x in c_mean.real],
        "mean_complex_phase_aligned_im": [r(x, 4) for x in c_mean.imag],
        "fine_grid_offsets_taps_from_hlp": [r(x, 2) for x in grid],
        "fine_grid_mean_abs_normalised_from_hlp": [r(x, 4) for x in f_mean],
        "mean_abs_at_hlp": r(float(np.interp(0.0, grid, f_mean)), 3),
        "fine_grid_offsets_taps_from_pulse_peak": [r(x, 2) for x in pgrid],
        "fine_grid_mean_abs_from_pulse_peak": [r(x, 4) for x in pk_abs / pk_abs.max()],
        "fine_grid_mean_re_phase_aligned_from_pulse_peak": [r(x, 4) for x in pk_re / pk_re.max()],
        "half_max_of_mean_abs_taps_from_peak": {"rise": r(rise, 3), "fall": r(fall, 3), "width": r(fall - rise, 3)},
        "half_max_of_mean_re_taps_from_peak": {"rise": r(r_rise, 3), "fall": r(r_fall, 3), "width": r(r_fall - r_rise, 3)},
        "re_at_plus_2.5_taps_from_peak_per_los_link": per_link,
        "hlp_to_first_pulse_peak_taps": pct(dpk, (10, 25, 50, 75, 90), 3),
        "floor_hlp_to_first_peak_tap_integer": {str(v): int(np.sum(np.array(dpk_int) == v)) for v in sorted(set(dpk_int))},
        "tap_ns": 1.0016,
        "caveat": "LOS links in a furnished flat: reflections a few taps after the direct path are averaged in; "
                  "the rising edge is the cleanest part of the profile",
    }


def hlp_position(frames):
    hlp = np.array([f["HLP"] for f in frames])
    wind = sorted(set(f["WInd"] for f in frames))
    cls = np.array([f["class"] for f in frames])
    out = {"hlp_taps": pct(hlp, (1, 50, 99), 2), "wind_values": wind,
           "hlp_minus_wind_taps": pct(hlp - 735, (1, 50, 99), 2),
           "accumulator_length": sorted(set(int(f["cir"].size) for f in frames)),
           "peak_index_taps": pct([f["feat"]["peak_idx"] for f in frames], (1, 50, 99), 1)}
    for c in CLASSES:
        out[f"hlp_taps_{c}"] = pct(hlp[cls == c], (1, 50, 99), 2)
    return out


def fsl_check(frames):
    e = np.array([f["feat"]["fsl_check"] - f["FSL"] for f in frames])
    return {"formula": "10*log10((|c[k+1]|^2+|c[k+2]|^2+|c[k+3]|^2)/PSC^2) - 121.74, k = floor(HLP)",
            "err_db_median": r(np.median(e), 3), "err_db_sd": r(e.std(ddof=1), 3),
            "err_db_p95_abs": r(np.percentile(np.abs(e), 95), 3), "n": int(e.size)}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root", help="checkout of github.com/marckolak/uwb-cirs-2018 (the folder holding results/)")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "kolakowski2018.json"))
    ap.add_argument("--commit", default=None, help="commit of the copy, when it is not a git checkout")
    args = ap.parse_args()

    commit = args.commit
    if commit is None:
        try:
            commit = subprocess.run(["git", "-C", args.root, "rev-parse", "HEAD"], capture_output=True,
                                    text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            commit = "unknown"

    labels, links, missing = load(args.root)
    frames = []
    for l in links:
        for f in l["frames"]:
            f["class"] = l["class"]
            f["file"] = l["file"]
            f["feat"] = frame_features(f)
            frames.append(f)
    headers = sorted(set(json.dumps(l["header"], sort_keys=True) for l in links))

    per_class, los_med, los_link_med = per_class_tables(links)
    nth_cal = nth_calibration(frames)
    frac_cal = fraction_rules(frames)
    result = {
        "about": "Reference statistics of real DW1000 data derived by kolakowski2018.py; see "
                 "Docs/reference/measured-channels.md for attribution, field meanings and caveats.",
        "source": {
            "dataset": "Marcin Kolakowski (2021). UWB Channel Impulse Responses Registered in a Furnished "
                       "Apartment (Version 1.0). Zenodo. https://doi.org/10.5281/zenodo.4742391",
            "repository": "https://github.com/marckolak/uwb-cirs-2018",
            "commit": commit,
            "licence": "CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/); statistics derived here",
            "radio": [json.loads(h) for h in headers],
            "files_labelled": len(labels),
            "files_read": [l["file"] for l in links],
            "files_missing": missing,
            "file_git_blob_ids": {str(l["file"]): l["blob"] for l in links},
            "frames_dropped_incomplete": int(sum(l["dropped"] for l in links)),
        },
        "units": {"_db": "dB", "_dbm": "dBm (UM level formula, A = 121.74)", "_m": "metres",
                  "_taps": "accumulator taps (1 tap = 1.0016 ns)", "rxpacc_psc": "preamble symbols",
                  "sigma, nth, peak": "raw accumulator units (ACC_MEM integer)"},
        "field_choices": {
            "range": "Dist = DistRaw - Bias (DecaRanging's level-dependent range-bias correction applied); "
                     "DistRaw = without it. Both are reported ('dist' and 'distraw').",
            "true_distance": "2-D Euclidean distance between anchor and tag positions (anchors.csv, tags.csv, "
                             "pairs.csv); heights are not given in the data set",
            "level": "RSL = RX level, FSL = first-path level, both as logged",
            "los_reference": "'median_minus_los_median' subtracts the median over all LOS range results; "
                             "'median_of_link_medians_minus_los' and the between-link spread subtract the "
                             "median of LOS link medians",
            "check_max_abs_dist_minus_distraw_plus_bias_m": r(max(abs(rr["dist"] - rr["raw"] + rr["bias"])
                                                                 for l in links for rr in l["ranges"]), 12),
            "range_results_with_exactly_two_frames": int(sum(len(rr["frames"]) == 2
                                                             for l in links for rr in l["ranges"])),
            "los_median_all_results_m": {k: r(v, 4) for k, v in los_med.items()},
            "los_median_of_link_medians_m": {k: r(v, 4) for k, v in los_link_med.items()},
        },
        "per_class": per_class,
        "range_error_vs_level": error_vs_level(links),
        "decaranging_bias_vs_distance": decaranging_bias_table(links),
        "receiver_calibration": {
            "fp_level_check": fsl_check(frames),
            "accumulator_noise": noise_calibration(frames, links),
            "accumulation_stop": accumulation_stop(frames),
            "cir_pwr": cir_pwr_calibration(frames),
            "lde_threshold": nth_cal,
            "first_path_fraction": frac_cal,
            "lde_chain_with_model_threshold": lde_chain_with_model_threshold(
                frames, nth_cal["models"]["max(a*sigma,b*sigma*peak/PSC)"],
                float(frac_cal["least_biased_rule"].split("_")[1])),
            "first_path_pulse": pulse_shape(frames),
            "first_path_position": hlp_position(frames),
        },
        "links": [{
            "file": l["file"], "class": l["class"], "anchor": l["anchor"], "tag": l["tag"],
            "true_distance_m": r(l["true_m"], 3), "frames": len(l["frames"]), "range_results": len(l["ranges"]),
            "rx_level_median_dbm": r(l["rsl_med"], 2), "fp_level_median_dbm": r(l["fsl_med"], 2),
            "rx_minus_fp_median_db": r(np.median([f["RSL"] - f["FSL"] for f in l["frames"]]), 2),
            "rxpacc_median": r(np.median([f["PSC"] for f in l["frames"]]), 1),
            "err_dist_median_m": r(l.get("err_dist_med"), 3), "err_distraw_median_m": r(l.get("err_raw_med"), 3),
            "err_dist_sd_m": r(l.get("err_dist_sd"), 4), "err_distraw_sd_m": r(l.get("err_raw_sd"), 4),
            "bias_values_m": l.get("bias_values"),
        } for l in links],
    }
    with open(args.out, "w") as fh:
        json.dump(result, fh, indent=1, sort_keys=False)
        fh.write("\n")
    print(f"read {len(links)} of {len(labels)} logs ({len(frames)} frames, "
          f"{sum(len(l['ranges']) for l in links)} range results); missing: {missing}")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    sys.exit(main())
