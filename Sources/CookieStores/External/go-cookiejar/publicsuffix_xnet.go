//go:build !nopublicsuffix

package main

import "golang.org/x/net/publicsuffix"

// The public suffix list compiled into golang.org/x/net/publicsuffix (Debian golang-golang-x-net-dev).
var publicSuffixList = publicsuffix.List

const publicSuffixSource = "golang.org/x/net/publicsuffix"
