//! Tokens of the textual SCoP language; see `lang` for the grammar.

use super::ParseError;

#[derive(Clone, Debug, PartialEq)]
pub enum TokenKind {
    Ident(String),
    /// An integer literal; `long` is set by the `L` suffix.
    Int { value: i64, long: bool },
    /// A float literal: the source text (without suffix), `single` for an `f` suffix.
    Float { text: String, single: bool },
    /// A double-quoted string (isl text in the explicit statement form).
    Str(String),
    /// Punctuation and operators: `[ ] ( ) ; : , = == != < <= > >= + - * / % ? ! && ||`.
    Punct(&'static str),
    Eof,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub kind: TokenKind,
    pub line: u32,
    pub column: u32,
}

const PUNCTUATION: [&str; 25] = [
    "==", "!=", "<=", ">=", "&&", "||", "[", "]", "(", ")", ";", ":", ",", "=", "<", ">", "+", "-",
    "*", "/", "%", "?", "!", "{", "}",
];

struct Lexer<'a> {
    chars: Vec<char>,
    pos: usize,
    line: u32,
    column: u32,
    _source: &'a str,
}

/// Splits `source` into tokens; the last token is `Eof`.
pub fn tokenize(source: &str) -> Result<Vec<Token>, ParseError> {
    let mut lexer = Lexer { chars: source.chars().collect(), pos: 0, line: 1, column: 1, _source: source };
    let mut tokens = Vec::new();
    loop {
        lexer.skip_blanks_and_comments();
        let (line, column) = (lexer.line, lexer.column);
        let Some(c) = lexer.peek(0) else {
            tokens.push(Token { kind: TokenKind::Eof, line, column });
            return Ok(tokens);
        };
        let kind = if c.is_ascii_alphabetic() || c == '_' {
            TokenKind::Ident(lexer.take_while(|c| c.is_ascii_alphanumeric() || c == '_'))
        } else if c.is_ascii_digit() || (c == '.' && lexer.peek(1).is_some_and(|d| d.is_ascii_digit())) {
            lexer.number(line, column)?
        } else if c == '"' {
            lexer.string(line, column)?
        } else {
            lexer.punctuation(line, column)?
        };
        tokens.push(Token { kind, line, column });
    }
}

impl Lexer<'_> {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.pos += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn take_while(&mut self, f: impl Fn(char) -> bool) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek(0).filter(|&c| f(c)) {
            out.push(c);
            self.bump();
        }
        out
    }

    fn skip_blanks_and_comments(&mut self) {
        loop {
            match (self.peek(0), self.peek(1)) {
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('#'), _) | (Some('/'), Some('/')) => {
                    self.take_while(|c| c != '\n');
                }
                _ => return,
            }
        }
    }

    fn number(&mut self, line: u32, column: u32) -> Result<TokenKind, ParseError> {
        let mut text = self.take_while(|c| c.is_ascii_digit());
        let mut is_float = false;
        if self.peek(0) == Some('.') {
            is_float = true;
            text.push('.');
            self.bump();
            text.push_str(&self.take_while(|c| c.is_ascii_digit()));
        }
        let exponent_follows = matches!(self.peek(0), Some('e' | 'E'))
            && (self.peek(1).is_some_and(|c| c.is_ascii_digit())
                || (matches!(self.peek(1), Some('+' | '-')) && self.peek(2).is_some_and(|c| c.is_ascii_digit())));
        if exponent_follows {
            is_float = true;
            text.push('e');
            self.bump();
            if let Some(sign @ ('+' | '-')) = self.peek(0) {
                text.push(sign);
                self.bump();
            }
            text.push_str(&self.take_while(|c| c.is_ascii_digit()));
        }
        let suffix = self.take_while(|c| c.is_ascii_alphanumeric() || c == '_');
        let error = |message: String| ParseError { line, column, message };
        if is_float || suffix == "f" {
            let single = match suffix.as_str() {
                "" => false,
                "f" | "F" => true,
                other => return Err(error(format!("unknown float literal suffix '{other}'"))),
            };
            let finite = if single {
                text.parse::<f32>().map(|v| v.is_finite()).unwrap_or(false)
            } else {
                text.parse::<f64>().map(|v| v.is_finite()).unwrap_or(false)
            };
            if !finite {
                return Err(error(format!("float literal '{text}' is out of range")));
            }
            return Ok(TokenKind::Float { text, single });
        }
        let long = match suffix.as_str() {
            "" => false,
            "L" | "l" => true,
            other => return Err(error(format!("unknown integer literal suffix '{other}'"))),
        };
        let value = text.parse::<i64>().map_err(|_| error(format!("integer literal '{text}' is too large")))?;
        Ok(TokenKind::Int { value, long })
    }

    fn string(&mut self, line: u32, column: u32) -> Result<TokenKind, ParseError> {
        self.bump();
        let text = self.take_while(|c| c != '"' && c != '\n');
        if self.bump() != Some('"') {
            return Err(ParseError { line, column, message: "unterminated string".into() });
        }
        Ok(TokenKind::Str(text))
    }

    fn punctuation(&mut self, line: u32, column: u32) -> Result<TokenKind, ParseError> {
        for p in PUNCTUATION {
            let matches = p.chars().enumerate().all(|(k, c)| self.peek(k) == Some(c));
            if matches {
                for _ in 0..p.chars().count() {
                    self.bump();
                }
                return Ok(TokenKind::Punct(p));
            }
        }
        let c = self.peek(0).unwrap_or(' ');
        Err(ParseError { line, column, message: format!("unexpected character '{}'", c.escape_default()) })
    }
}
