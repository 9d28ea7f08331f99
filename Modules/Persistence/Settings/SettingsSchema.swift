import Domain

extension DocumentSchema where Document == Settings {
    /// The settings file, `settings.json`: one `Domain.Settings` in an envelope.
    ///
    /// `Settings` already reads a missing field as its standard value, so adding a setting
    /// needs no new version; renaming or reshaping one does, with a ``SchemaMigration``.
    public static let settings = DocumentSchema(name: "little-moments/settings", version: 1)
}
