# Shared shell functions for cmalab's scripts (sourced, POSIX sh).

# size_bytes VALUE: print VALUE in bytes. VALUE is memparse syntax as the
# kernel takes it: decimal or 0x-hex, optional K, M or G suffix. Fails on
# anything else.
size_bytes() {
	_v=$1 _m=1
	case $_v in
	*[kK]) _m=1024 _v=${_v%?} ;;
	*[mM]) _m=1048576 _v=${_v%?} ;;
	*[gG]) _m=1073741824 _v=${_v%?} ;;
	esac
	case $_v in
	0[xX]*)
		_h=${_v#??}
		case $_h in ''|*[!0-9a-fA-F]*) return 1 ;; esac ;;
	''|*[!0-9]*) return 1 ;;
	esac
	[ ${#_v} -le 12 ] || return 1
	echo $((_v * _m))
}

# cma_check VALUE: check a CMA= value, size[@base[-limit]], each part in
# memparse syntax; print nothing, fail with the reason on stderr.
cma_check() {
	_size=${1%%@*}
	size_bytes "$_size" >/dev/null || {
		echo "size '$_size' is not a number with an optional K/M/G suffix" >&2
		return 1
	}
	case $1 in *@*) ;; *) return 0 ;; esac
	_rest=${1#*@}
	_base=${_rest%%-*}
	size_bytes "$_base" >/dev/null || {
		echo "base '$_base' is not a number with an optional K/M/G suffix" >&2
		return 1
	}
	case $_rest in *-*) ;; *) return 0 ;; esac
	_limit=${_rest#*-}
	size_bytes "$_limit" >/dev/null || {
		echo "limit '$_limit' is not a number with an optional K/M/G suffix" >&2
		return 1
	}
	[ "$(size_bytes "$_limit")" -gt "$(size_bytes "$_base")" ] || {
		echo "limit $_limit is not above base $_base" >&2
		return 1
	}
}

# hex VALUE: print a byte count as 0x%x.
hex() { printf '0x%x' "$1"; }

# dtb_has_pool DTB: true if a child of /reserved-memory is a CMA pool (has
# reusable or linux,cma-default). One dtc run, read as dtc writes a tree:
# by path, fdtget cannot tell "framebuffer" from an earlier sibling
# "framebuffer@9f000000" (Aspeed's Tyan trees have both).
dtb_has_pool() {
	dtc -q -I dtb -O dts "$1" 2>/dev/null |
		awk '/^\t[a-z0-9_-]*:? *reserved-memory {/ { in_rm = 1 }
		     in_rm && /^\t};/ { in_rm = 0 }
		     in_rm && /^\t\t\t(reusable|linux,cma-default);/ { found = 1 }
		     END { exit !found }'
}
