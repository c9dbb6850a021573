# meminfo FIELD (sourced): FIELD of /proc/meminfo, in kB.
meminfo() { awk -v k="$1:" '$1 == k { print $2 }' /proc/meminfo; }
