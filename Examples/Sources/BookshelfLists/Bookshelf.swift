import ListState

/// A shelf of books kept in the program's memory, served as one list: each book drawn
/// by a row template of the list's own, the empty shelf and the end of the shelf in its words.
public enum Bookshelf {
    /// The books on the shelf: title, author, year.
    public static let books: [(title: String, author: String, year: Int)] = [
        ("Beloved", "Toni Morrison", 1987), ("Dune", "Frank Herbert", 1965), ("Emma", "Jane Austen", 1815),
        ("Middlemarch", "George Eliot", 1871), ("Ulysses", "James Joyce", 1922), ("Moby-Dick", "Herman Melville", 1851),
        ("Things Fall Apart", "Chinua Achebe", 1958), ("The Trial", "Franz Kafka", 1925), ("Orlando", "Virginia Woolf", 1928),
        ("Invisible Man", "Ralph Ellison", 1952), ("Lolita", "Vladimir Nabokov", 1955), ("Solaris", "Stanisław Lem", 1961),
        ("Pedro Páramo", "Juan Rulfo", 1955), ("The Leopard", "Giuseppe Tomasi di Lampedusa", 1958),
        ("Kindred", "Octavia E. Butler", 1979), ("Wide Sargasso Sea", "Jean Rhys", 1966), ("Frankenstein", "Mary Shelley", 1818),
        ("The Master and Margarita", "Mikhail Bulgakov", 1967), ("Persuasion", "Jane Austen", 1817),
        ("The Stranger", "Albert Camus", 1942), ("Hunger", "Knut Hamsun", 1890), ("Nostromo", "Joseph Conrad", 1904),
        ("The Waves", "Virginia Woolf", 1931), ("Dracula", "Bram Stoker", 1897), ("Rebecca", "Daphne du Maurier", 1938),
    ]

    /// How a book is drawn: its title linked to its page, its author and year.
    static let row = """
        <li class="row book" id="{{id}}" data-key="{{key}}"><a href="{{detailHref}}"><cite>{{values.title}}</cite></a> \
        by <span class="author">{{values.author}}</span> ({{values.year}})</li>
        """

    /// The list of `books` at `/books`, newest first; a book's page at `/books/ID`.
    public static func list(_ books: [(title: String, author: String, year: Int)] = books) throws -> ListDefinition {
        let rows = books.enumerated().map { number, book -> [SQLValue] in
            [.integer(Int64(number + 1)), .text(book.title), .text(book.author), .integer(Int64(book.year))]
        }
        let shelf = try InMemoryRowSource(
            name: "books", columns: [.key("id"), .text("title"), .text("author"), .integer("year")], rows: rows)
        return ListDefinition("books", title: "Bookshelf", rows: shelf, defaultSort: ListSort(column: "year", descending: true)) {
            $0
                .placeholder(.noData) { $0.title("The shelf is empty").detail("Put a book on it and reload.") }
                .placeholder(.noResults) { $0.title("No book matches “{query}”") }
                .endOfList("That is the whole shelf.")
        }
        .rowTemplate(row)
    }
}
