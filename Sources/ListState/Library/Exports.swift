// What a developer uses of the modules ListState is built from, so that `import ListState`
// is the one import (docs/library.md lists it). Each is named, so nothing else of those
// modules comes with it: from ListDecision the placeholders, footers and display flags;
// from ListStore rows, columns, sources and their failures; from Mustache a row
// presenter's fields for its own templates.

@_exported import struct ListDecision.CSSColor
@_exported import struct ListDecision.DisplayFlags
@_exported import struct ListDecision.ListConfiguration
@_exported import struct ListDecision.LocalizedText
@_exported import struct ListDecision.PlaceholderButton
@_exported import struct ListDecision.PlaceholderConfiguration
@_exported import struct ListDecision.PlaceholderImage
@_exported import enum ListDecision.PlaceholderKind
@_exported import protocol ListStore.AsyncRowSource
@_exported import struct ListStore.DataVersion
@_exported import class ListStore.InMemoryRowSource
@_exported import struct ListStore.ListSort
@_exported import struct ListStore.ListStoreError
@_exported import struct ListStore.RowBatch
@_exported import struct ListStore.RowCount
@_exported import struct ListStore.RowFilter
@_exported import struct ListStore.RowPage
@_exported import struct ListStore.RowPosition
@_exported import struct ListStore.RowRequest
@_exported import protocol ListStore.RowSource
@_exported import struct ListStore.RowSourceCapabilities
@_exported import struct ListStore.RowValues
@_exported import enum ListStore.SQLValue
@_exported import struct ListStore.TableDescription
@_exported import struct Mustache.MustacheFields
@_exported import protocol Mustache.MustacheList
@_exported import enum Mustache.MustacheValue
