import Foundation

/// The inline scripts of an HTML document the app gives the simulated engine (`loadHTMLString`), so they run as a
/// real page's would. Only `<script>` elements without `src=` count; the scan is HTML's for script data: the element
/// ends at the first `</script` whatever it contains.
enum HTMLInlineScripts {
    static func sources(in html: String) -> [String] {
        var sources: [String] = []
        var rest = html[...]
        while let open = rest.range(of: "<script", options: .caseInsensitive),
              let tagEnd = rest[open.upperBound...].firstIndex(of: ">")
        {
            let attributes = rest[open.upperBound..<tagEnd]
            let body = rest[rest.index(after: tagEnd)...]
            let close = body.range(of: "</script", options: .caseInsensitive)
            if attributes.range(of: "src", options: .caseInsensitive) == nil {
                sources.append(String(body[..<(close?.lowerBound ?? body.endIndex)]))
            }
            guard let close else { break }
            rest = body[close.upperBound...]
        }
        return sources
    }
}
