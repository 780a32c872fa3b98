/// The block structure of a Lua 5.4 token list, read once: every `function`, `do`, `while`,
/// `for`, `repeat` and `if` block with where it opens, where its header ends and where it
/// closes, and the blocks and closers left unmatched. The one reader of Lua's blocks: pack
/// checks, lint and the explanations of Lua's errors all read them here.
///
/// A `do` ends the header of the `for` or `while` before it when that loop is the innermost
/// block (a `do` in a function written in the loop's header is that function's); any other
/// `do` opens a block of its own. `until` closes a `repeat`, `end` any other block; a closer of the wrong kind
/// (which Lua refuses) still closes the innermost block. Keywords are tokens of kind
/// ``LuaToken/Kind/keyword`` only, so `t["end"]` and comments never open or close a block.
package struct LuaBlocks: Sendable {
    /// One block of the source.
    package struct Block: Hashable, Sendable {
        /// What opens a block.
        package enum Kind: String, Hashable, Sendable {
            case function, `do`, `while`, `for`, `repeat`, `if`
        }

        /// The block's kind, named by its opening keyword.
        package var kind: Kind
        /// The index of its opening keyword.
        package var opener: Int
        /// The index of the keyword its header ends with: a loop's `do`, an `if`'s first `then`;
        /// the opener for `function`, `do` and `repeat`. Nil when the header is not finished.
        package var body: Int?
        /// The indices of an `if`'s `elseif` and `else`, in order.
        package var branches: [Int] = []
        /// The index of its `end` (`until` for `repeat`); nil when it is not closed.
        package var closer: Int?
        /// How many blocks it is in: 0 at the top level. The block it is in is the last one
        /// before it in ``LuaBlocks/blocks`` with a lower depth.
        package var depth: Int
    }

    /// The tokens read.
    package let tokens: [LuaToken]
    /// The blocks, in the order they open.
    package private(set) var blocks: [Block] = []
    /// The indices in ``blocks`` of the blocks left open at the end, outermost first.
    package private(set) var unclosed: [Int] = []
    /// The indices of the `end`, `until`, `elseif` and `else` tokens that match no open block.
    package private(set) var unexpected: [Int] = []
    /// How many blocks each token is in: 0 at the top level. A block's opener and closer are
    /// at its outer depth; its header, branches (`else`) and body inside it.
    package private(set) var depths: [Int] = []
    /// The index of the file's last `return` at the top level.
    package private(set) var topLevelReturn: Int?
    /// The index in ``blocks`` of the block opened at each token index.
    private var opened: [Int: Int] = [:]

    /// The structure of `tokens`.
    package init<Tokens: Collection<LuaToken>>(_ tokens: Tokens) {
        self.tokens = Array(tokens)
        depths.reserveCapacity(self.tokens.count)
        var open: [Int] = []
        for (index, token) in self.tokens.enumerated() {
            guard token.kind == .keyword else {
                depths.append(open.count)
                continue
            }
            switch token.text {
            case "end", "until":
                if let innermost = open.popLast() { blocks[innermost].closer = index } else { unexpected.append(index) }
                depths.append(open.count)
            case "function", "if", "while", "for", "repeat", "do":
                depths.append(open.count)
                if token.text == "do", let innermost = open.last, [.while, .for].contains(blocks[innermost].kind),
                   blocks[innermost].body == nil {
                    blocks[innermost].body = index
                    continue
                }
                let kind = Block.Kind(rawValue: token.text)!
                let headed = kind == .function || kind == .do || kind == .repeat
                opened[index] = blocks.count
                open.append(blocks.count)
                blocks.append(Block(kind: kind, opener: index, body: headed ? index : nil, depth: open.count - 1))
            case "then":
                depths.append(open.count)
                if let innermost = open.last, blocks[innermost].kind == .if, blocks[innermost].body == nil { blocks[innermost].body = index }
            case "elseif", "else":
                depths.append(open.count)
                if let innermost = open.last, blocks[innermost].kind == .if { blocks[innermost].branches.append(index) } else { unexpected.append(index) }
            case "return":
                depths.append(open.count)
                if open.isEmpty { topLevelReturn = index }
            default:
                depths.append(open.count)
            }
        }
        unclosed = open
    }

    /// The block opened at `index`, or nil when no block opens there.
    package func block(openedAt index: Int) -> Block? { opened[index].map { blocks[$0] } }

    /// The index of the token closing the block opened at `index` (the last token when it is
    /// not closed), or nil when no block opens there.
    package func closer(of index: Int) -> Int? {
        block(openedAt: index).map { $0.closer ?? tokens.count - 1 }
    }

    /// The index of the first token past the scope that a local declared at `index` is seen
    /// in: the end of the innermost block holding it, or of its `if` branch; for a `repeat`
    /// block, the end of its `until` condition, which sees the block's locals; the token count
    /// at the top level and in a block left open.
    package func scopeEnd(at index: Int) -> Int {
        guard let block = blocks.last(where: { $0.opener < index && index < $0.closer ?? tokens.count }) else { return tokens.count }
        guard let closer = block.closer else { return block.branches.first { $0 > index } ?? tokens.count }
        switch block.kind {
        case .if: return block.branches.first { $0 > index } ?? closer
        case .repeat: return expressionEnd(from: closer + 1)
        default: return closer
        }
    }
}
