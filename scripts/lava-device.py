#!/usr/bin/env python3
# LAVA device dictionaries, rendered as lava-server renders one: LAVA's
# own device-type template (Debian's lava-server: DEVICE_TYPE.jinja2 and
# the templates it extends) in a sandboxed Jinja2 environment,
# trim_blocks on, autoescape off.
#
#   render TEMPLATE_DIR JOB.yaml OUT.yaml
#       the dictionary lava-run needs for JOB: the template of the job's
#       device_type, with the job's context as its variables and, for a
#       lab's board, stand-ins for what its own dictionary says (how to
#       reach and power it), which lava-run's validation looks for.
#   commands TEMPLATE_DIR DEVICE_TYPE BOOTARGS
#       the device type's U-Boot "ramdisk" boot commands, as YAML list
#       items of a job's boot action, with the kernel command line set to
#       BOOTARGS: a job boots the board as LAVA boots it, with cmalab's
#       command line whatever the device type puts there.
import sys

import jinja2
import jinja2.sandbox
import yaml

# What a lab's own device dictionary adds to the device type's: the
# validation of a job for a lab's board needs them, never uses them.
LAB_STAND_INS = {
    "connection_command": "telnet localhost 2000",
    "hard_reset_command": "/bin/true",
    "power_off_command": "/bin/true",
    "power_on_command": "/bin/true",
}


def render(templates, device_type, variables):
    env = jinja2.sandbox.SandboxedEnvironment(
        loader=jinja2.FileSystemLoader([templates]),
        autoescape=False,
        trim_blocks=True,
    )
    text = env.from_string("{%% extends '%s.jinja2' %%}" % device_type).render(**variables)
    # What lava-run will read must be YAML; say so here rather than there.
    return text, yaml.safe_load(text)


def cmd_render(templates, job_path, out):
    with open(job_path) as f:
        job = yaml.safe_load(f)
    variables = dict(job.get("context", {}))
    if job["device_type"] != "qemu":
        variables = {**LAB_STAND_INS, **variables}
    text, _ = render(templates, job["device_type"], variables)
    with open(out, "w") as f:
        f.write(text)


def cmd_commands(templates, device_type, bootargs):
    _, device = render(templates, device_type, LAB_STAND_INS)
    try:
        commands = device["actions"]["boot"]["methods"]["u-boot"]["ramdisk"]["commands"]
    except (KeyError, TypeError):
        sys.exit("lava-device: device type %s has no U-Boot ramdisk boot" % device_type)
    out = []
    for c in commands:
        if c.startswith("setenv bootargs "):
            c = "setenv bootargs '%s'" % bootargs
        out.append(c)
    if not any(c.startswith("setenv bootargs ") for c in out):
        sys.exit("lava-device: device type %s sets no bootargs in its ramdisk boot" % device_type)
    sys.stdout.write(yaml.safe_dump(out, default_flow_style=False, width=1000))


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "render":
        cmd_render(*sys.argv[2:])
    elif len(sys.argv) == 5 and sys.argv[1] == "commands":
        cmd_commands(*sys.argv[2:])
    else:
        sys.exit("usage: lava-device.py render TEMPLATE_DIR JOB.yaml OUT.yaml\n"
                 "       lava-device.py commands TEMPLATE_DIR DEVICE_TYPE BOOTARGS")


if __name__ == "__main__":
    main()
