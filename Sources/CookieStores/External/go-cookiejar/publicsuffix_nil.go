//go:build nopublicsuffix

package main

import "net/http/cookiejar"

// No list: golang.org/x/net/publicsuffix is not installed. cookiejar then treats every domain as a possible
// cookie domain except the top-level one ("com"): Domain=co.uk is accepted (jar.go, domainAndType).
var publicSuffixList cookiejar.PublicSuffixList

const publicSuffixSource = "none (golang.org/x/net/publicsuffix not installed)"
