import Testing
@testable import ListStore
