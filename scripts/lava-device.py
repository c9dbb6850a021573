#!/usr/bin/env python3
# The device dictionary lava-run needs for a QEMU job, rendered as
# lava-server renders one for a job on its qemu device: LAVA's own
# device-type template (qemu.jinja2, extending base.jinja2, from Debian's
# lava-server) in a sandboxed Jinja2 environment, trim_blocks on,
# autoescape off, with the job's context as the template's variables.
#
# usage: lava-device.py TEMPLATE_DIR JOB.yaml OUT.yaml
import sys

import jinja2
import jinja2.sandbox
import yaml


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: lava-device.py TEMPLATE_DIR JOB.yaml OUT.yaml")
    templates, job_path, out = sys.argv[1:]
    with open(job_path) as f:
        job = yaml.safe_load(f)
    env = jinja2.sandbox.SandboxedEnvironment(
        loader=jinja2.FileSystemLoader([templates]),
        autoescape=False,
        trim_blocks=True,
    )
    text = env.from_string("{% extends 'qemu.jinja2' %}").render(**job.get("context", {}))
    # What lava-run will read must be YAML; say so here rather than there.
    yaml.safe_load(text)
    with open(out, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
