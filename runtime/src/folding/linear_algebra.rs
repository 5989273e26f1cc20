//! Exact integer linear algebra for the geometric parts of folding: the rank test of
//! Algorithm 2 (paper 000, section 5.2.2: "all points of a side face lie on the same
//! hyperplane") and the null spaces from which the constraints of an elementary polyhedron are
//! computed. Fraction-free Gaussian elimination over `i128`, rows reduced by their gcd.

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn normalize(row: &mut [i128]) {
    let g = row.iter().fold(0, |g, &x| gcd(g, x));
    if g > 1 {
        row.iter_mut().for_each(|x| *x /= g);
    }
}

/// Row echelon form (reduced: every pivot column is zero outside its pivot row); returns the
/// rows and the pivot column of each.
fn reduced_echelon(rows: &[Vec<i64>], columns: usize) -> (Vec<Vec<i128>>, Vec<usize>) {
    let mut matrix: Vec<Vec<i128>> =
        rows.iter().map(|r| r.iter().map(|&x| x as i128).collect()).collect();
    let mut pivots = Vec::new();
    let mut rank = 0;
    for column in 0..columns {
        let Some(pivot) = (rank..matrix.len()).find(|&r| matrix[r][column] != 0) else {
            continue;
        };
        matrix.swap(rank, pivot);
        let pivot_row = matrix[rank].clone();
        for (r, row) in matrix.iter_mut().enumerate() {
            if r != rank && row[column] != 0 {
                let (a, b) = (pivot_row[column], row[column]);
                let g = gcd(a, b);
                let (fa, fb) = (a / g, b / g);
                for (x, &p) in row.iter_mut().zip(&pivot_row).take(columns) {
                    *x = *x * fa - p * fb;
                }
                normalize(row);
            }
        }
        pivots.push(column);
        rank += 1;
    }
    matrix.truncate(rank);
    (matrix, pivots)
}

/// The rank of a set of integer vectors of length `columns`.
pub fn rank(rows: &[Vec<i64>], columns: usize) -> usize {
    reduced_echelon(rows, columns).1.len()
}

/// An integer basis of the vectors `x` with `row . x = 0` for every row.
pub fn null_space(rows: &[Vec<i64>], columns: usize) -> Vec<Vec<i64>> {
    let (matrix, pivots) = reduced_echelon(rows, columns);
    let mut basis = Vec::new();
    for free in (0..columns).filter(|c| !pivots.contains(c)) {
        let scale = pivots.iter().zip(&matrix).fold(1i128, |l, (&p, row)| {
            let pivot = row[p].abs();
            l / gcd(l, pivot) * pivot
        });
        let mut vector = vec![0i128; columns];
        vector[free] = scale;
        for (&p, row) in pivots.iter().zip(&matrix) {
            vector[p] = -row[free] * scale / row[p];
        }
        normalize(&mut vector);
        basis.push(vector.into_iter().map(|x| x as i64).collect());
    }
    basis
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_of_coplanar_and_spanning_vectors() {
        assert_eq!(rank(&[vec![1, 0, 0], vec![0, 1, 0], vec![1, 1, 0]], 3), 2);
        assert_eq!(rank(&[vec![1, 0, 0], vec![0, 1, 0], vec![1, 1, 1]], 3), 3);
        assert_eq!(rank(&[], 3), 0);
    }

    #[test]
    fn null_space_is_orthogonal_to_rows() {
        let rows = vec![vec![1, 1, 0], vec![2, 0, 4]];
        let basis = null_space(&rows, 3);
        assert_eq!(basis.len(), 1);
        for row in &rows {
            let dot: i64 = row.iter().zip(&basis[0]).map(|(a, b)| a * b).sum();
            assert_eq!(dot, 0);
        }
        assert!(basis[0].iter().any(|&x| x != 0));
    }
}
