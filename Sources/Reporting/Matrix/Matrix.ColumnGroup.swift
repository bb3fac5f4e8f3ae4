import HarnessCore

extension Matrix {
    /// The columns of one profile (or the cookie stores), family by family: what the page folds into one summary
    /// column until a person opens it.
    ///
    /// An adapter's name is `family[:variant][@profile]` (`wk-request-header:as-written@ios-18`); its profile is
    /// also in ``AdapterInfo/profile`` (`ios` for a name without `@`). A main job has hundreds of adapters over six
    /// profiles: one column each is more than a screen holds and more than a browser draws quickly, so the page
    /// groups them by profile and, inside a profile, by family.
    package struct ColumnGroup: Sendable, Hashable {
        /// The profile (`ios`, `webkitgtk`), or empty for the cookie stores.
        package var profile: String
        /// The families in the order first seen, each with its columns (numbers into ``Matrix/columns``).
        package var families: [Family]

        package struct Family: Sendable, Hashable {
            /// `wk-request-header`, `curl`: the name before `:` and `@`.
            package var name: String
            package var columns: [Int]
        }

        /// Every column of the group, family by family.
        package var columns: [Int] { families.flatMap(\.columns) }

        /// `ios`, `webkitgtk-live`, `cookie stores`.
        package var title: String { profile.isEmpty ? "cookie stores" : profile }
    }

    /// The family of an adapter name: `wk-request-header` for `wk-request-header:as-written@ios-18`.
    package static func family(of name: String) -> String {
        String(name.prefix { $0 != ":" && $0 != "@" })
    }

    /// The column groups in the order the page shows them: the web-view strategies profile by profile (in the
    /// order the run first names each profile), the cookie stores last; inside a group, families in the order
    /// first seen, so that the variants of one family stand together.
    package var columnGroups: [ColumnGroup] {
        var groups: [ColumnGroup] = []
        var groupIndex: [String: Int] = [:]
        for index in displayColumnOrder {
            let adapter = columns[index].adapter
            let profile = columns[index].isStore ? "" : adapter.profile
            let number: Int
            if let known = groupIndex[profile] {
                number = known
            } else {
                number = groups.count
                groupIndex[profile] = number
                groups.append(ColumnGroup(profile: profile, families: []))
            }
            let family = Matrix.family(of: adapter.name)
            if let known = groups[number].families.firstIndex(where: { $0.name == family }) {
                groups[number].families[known].columns.append(index)
            } else {
                groups[number].families.append(ColumnGroup.Family(name: family, columns: [index]))
            }
        }
        return groups
    }
}
