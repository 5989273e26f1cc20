//! The shadow memory of the dependence streams (paper 000, section 4.1; paper 001, section 4):
//! per 4-byte granule of guest memory, the last instruction stream that wrote it and the
//! iteration vector of that write. A load reads the entries of its granules to find its
//! producers: only dataflow (read-after-write with no intermediate write) dependences.
//!
//! Entries are 16 bytes, so that the shadow of a walk through memory (a matrix column, one
//! row per access) stays within a few times the guest's own footprint: the writer's stream
//! and up to [`INLINE_DIMENSIONS`] coordinates. A deeper iteration vector (up to
//! [`MAX_SHADOW_DIMENSIONS`] coordinates) goes to a second table of 32-byte entries, and the
//! 16-byte entry says so. Both tables are page tables behind a direct-mapped cache of pages,
//! so the accesses of a loop nest do no hashing.

use crate::fast_hash::FastMap;
use std::collections::hash_map;

/// Deepest iteration vector kept in the shadow memory; deeper writes are not tracked.
pub const MAX_SHADOW_DIMENSIONS: usize = 6;
/// Coordinates kept in the 16-byte entry itself.
pub const INLINE_DIMENSIONS: usize = 3;

const GRANULE_BITS: u32 = 2;
const PAGE_BITS: u32 = 10; // granules per page: 1024 (4 KiB of guest memory)
/// Entries of the page cache: 4096 pages (16 MiB of guest memory) map to distinct entries, so
/// a column walk through a matrix (one page per row) stays in the cache.
const PAGE_CACHE: usize = 4096;

/// Streams with an id at or above this are not tracked (the entry keeps 28 bits for it).
pub const MAX_TRACKED_STREAMS: u32 = (1 << 28) - 1;
/// The `dimensions` field of an entry whose iteration vector is in the deep table.
const DEEP: u32 = 15;
/// A tag no granule holds (stream ids stay below [`MAX_TRACKED_STREAMS`]).
const NO_ENTRY: u32 = u32::MAX;
/// The tag of an entry written by `stream`, with `dimensions` (or [`DEEP`]).
#[inline(always)]
fn tag(stream: u32, dimensions: u32) -> u32 {
    (stream + 1) << 4 | dimensions
}

/// The stream that wrote an entry with a tag other than 0.
#[inline(always)]
fn writer_stream(tag: u32) -> u32 {
    (tag >> 4) - 1
}

/// An entry no granule holds.
pub const NEVER_READ: Entry = Entry { tag: NO_ENTRY, coordinates: [0; INLINE_DIMENSIONS] };

/// The last writer of a granule, as a load sees it; coordinates past `dimensions` are 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Producer {
    pub stream: u32,
    pub dimensions: u8,
    pub iteration_vector: [i32; MAX_SHADOW_DIMENSIONS],
}

/// A 16-byte entry: `tag` is 0 for a granule never written (or whose writer is not tracked),
/// else `(stream + 1) << 4 | dimensions` with `dimensions == DEEP` when the coordinates are
/// in the deep table. Entries compare as raw values: the tracer recognizes the writer a load
/// expects without decoding the entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    tag: u32,
    coordinates: [i32; INLINE_DIMENSIONS],
}

impl Entry {
    /// The entry of a write by `stream` at an iteration vector of at most
    /// [`INLINE_DIMENSIONS`] coordinates (given padded with zeros), `None` for more.
    /// `None` too when a coordinate is out of the range of `i32`.
    pub fn inline(stream: u32, dimensions: usize, coordinates: &[i64]) -> Option<Entry> {
        if dimensions > INLINE_DIMENSIONS || stream >= MAX_TRACKED_STREAMS {
            return None;
        }
        let coordinate = |k: usize| i32::try_from(coordinates[k]).ok();
        Some(Entry {
            tag: tag(stream, dimensions as u32),
            coordinates: [coordinate(0)?, coordinate(1)?, coordinate(2)?],
        })
    }

    /// The same writer's entry at coordinates moved by `step`; an entry that no granule holds
    /// when a coordinate leaves the range of `i32`.
    #[inline(always)]
    pub fn stepped(&self, step: &[i32; INLINE_DIMENSIONS]) -> Entry {
        let c = &self.coordinates;
        match (c[0].checked_add(step[0]), c[1].checked_add(step[1]), c[2].checked_add(step[2])) {
            (Some(x), Some(y), Some(z)) => Entry { tag: self.tag, coordinates: [x, y, z] },
            _ => NEVER_READ,
        }
    }

    /// Whether `other` was written by the same stream.
    #[inline(always)]
    pub fn same_writer(&self, other: &Entry) -> bool {
        self.tag == other.tag
    }
}

#[derive(Clone, Copy)]
struct DeepEntry([i32; MAX_SHADOW_DIMENSIONS]);

impl Default for DeepEntry {
    fn default() -> Self {
        DeepEntry([0; MAX_SHADOW_DIMENSIONS])
    }
}

/// Entries per page: the granules of 4 KiB of guest memory.
const PAGE: usize = 1 << PAGE_BITS;

/// Pages of [`PAGE`] entries, found through a direct-mapped cache in front of a map. The
/// cache keeps each page's address, so a hit costs one comparison and no bounds check.
struct PageTable<T> {
    pages: FastMap<u64, Box<[T; PAGE]>>,
    cache: Box<[(u64, *mut [T; PAGE]); PAGE_CACHE]>,
}

impl<T: Copy + Default> PageTable<T> {
    fn new() -> Self {
        PageTable {
            pages: FastMap::default(),
            cache: Box::new([(u64::MAX, std::ptr::null_mut()); PAGE_CACHE]),
        }
    }

    /// The page of `granule`; created (zeroed) if `create`.
    #[inline]
    fn page(&mut self, granule: u64, create: bool) -> Option<*mut [T; PAGE]> {
        let page = granule >> PAGE_BITS;
        let (p, address) = self.cache[(page as usize) % PAGE_CACHE];
        if p == page {
            return Some(address);
        }
        self.lookup(page, create)
    }

    #[cold]
    fn lookup(&mut self, page: u64, create: bool) -> Option<*mut [T; PAGE]> {
        let boxed = match self.pages.entry(page) {
            hash_map::Entry::Occupied(known) => known.into_mut(),
            hash_map::Entry::Vacant(new) if create => {
                new.insert(vec![T::default(); PAGE].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!()))
            }
            hash_map::Entry::Vacant(_) => return None,
        };
        // The box's heap block does not move when the map grows.
        let address: *mut [T; PAGE] = &mut **boxed;
        self.cache[(page as usize) % PAGE_CACHE] = (page, address);
        Some(address)
    }

    #[inline]
    fn slot(&mut self, granule: u64) -> &mut T {
        let page = self.page(granule, true).expect("created");
        // SAFETY: `page` points into a box of `self.pages`, alive as long as `self` and
        // borrowed through `&mut self`; the index is below `PAGE`.
        unsafe { &mut (*page)[granule as usize & (PAGE - 1)] }
    }

    #[inline]
    fn get(&mut self, granule: u64) -> Option<T> {
        let page = self.page(granule, false)?;
        // SAFETY: as in `slot`.
        Some(unsafe { (*page)[granule as usize & (PAGE - 1)] })
    }
}

/// The granules `[first, last]` that `size` bytes at `address` cover.
#[inline]
pub fn granules(address: u64, size: u8) -> (u64, u64) {
    (address >> GRANULE_BITS, (address + size.max(1) as u64 - 1) >> GRANULE_BITS)
}

/// The last writer of every granule written so far.
pub struct ShadowMemory {
    entries: PageTable<Entry>,
    deep: PageTable<DeepEntry>,
}

impl Default for ShadowMemory {
    fn default() -> Self {
        ShadowMemory { entries: PageTable::new(), deep: PageTable::new() }
    }
}

impl ShadowMemory {
    /// Stream `stream` wrote the granules `first..=last` at iteration vector
    /// `iteration_vector`. Returns false (and forgets the granules' writer) when that write
    /// cannot be tracked: an iteration vector deeper than [`MAX_SHADOW_DIMENSIONS`] or too
    /// many streams.
    #[inline]
    pub fn write(&mut self, first: u64, last: u64, stream: u32, iteration_vector: &[i64]) -> bool {
        let dimensions = iteration_vector.len();
        if dimensions > INLINE_DIMENSIONS || stream >= MAX_TRACKED_STREAMS {
            return self.write_deep(first, last, stream, iteration_vector);
        }
        let coordinate = |k: usize| iteration_vector.get(k).map_or(0, |&x| x as i32);
        let entry = Entry { tag: tag(stream, dimensions as u32), coordinates: [coordinate(0), coordinate(1), coordinate(2)] };
        for granule in first..=last {
            *self.entries.slot(granule) = entry;
        }
        true
    }

    /// [`ShadowMemory::write`] of an iteration vector that does not fit an entry.
    #[cold]
    fn write_deep(&mut self, first: u64, last: u64, stream: u32, iteration_vector: &[i64]) -> bool {
        let dimensions = iteration_vector.len();
        let tracked = dimensions <= MAX_SHADOW_DIMENSIONS && stream < MAX_TRACKED_STREAMS;
        for granule in first..=last {
            if !tracked {
                *self.entries.slot(granule) = Entry::default();
                continue;
            }
            let deep = &mut self.deep.slot(granule).0;
            *deep = [0; MAX_SHADOW_DIMENSIONS];
            for (c, &x) in deep.iter_mut().zip(iteration_vector) {
                *c = x as i32;
            }
            *self.entries.slot(granule) = Entry { tag: tag(stream, DEEP), coordinates: [dimensions as i32, 0, 0] };
        }
        tracked
    }

    /// The raw entry of the granule (the default, unwritten entry if it was never written).
    #[inline]
    pub fn entry(&mut self, granule: u64) -> Entry {
        self.entries.get(granule).unwrap_or_default()
    }

    /// The last writer of the granule, if it was written by a tracked write.
    #[inline]
    pub fn read(&mut self, granule: u64) -> Option<Producer> {
        let entry = self.entries.get(granule)?;
        self.decode(granule, entry)
    }

    /// The writer that `entry`, the entry of `granule`, names.
    #[inline]
    pub fn decode(&mut self, granule: u64, entry: Entry) -> Option<Producer> {
        if entry.tag == 0 {
            return None;
        }
        let stream = writer_stream(entry.tag);
        let mut iteration_vector = [0; MAX_SHADOW_DIMENSIONS];
        let dimensions = match entry.tag & 15 {
            DEEP => {
                iteration_vector = self.deep.get(granule).expect("written with its entry").0;
                entry.coordinates[0] as u8
            }
            d => {
                iteration_vector[..INLINE_DIMENSIONS].copy_from_slice(&entry.coordinates);
                d as u8
            }
        };
        Some(Producer { stream, dimensions, iteration_vector })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writers_of_every_depth_are_read_back() {
        let mut shadow = ShadowMemory::default();
        for depth in 0..=MAX_SHADOW_DIMENSIONS {
            let iteration_vector: Vec<i64> = (0..depth as i64).map(|x| 1000 * x - 7).collect();
            let granule = 0x4000_0000 + 977 * depth as u64;
            assert!(shadow.write(granule, granule, 5 + depth as u32, &iteration_vector));
            let producer = shadow.read(granule).expect("written");
            assert_eq!(producer.stream, 5 + depth as u32);
            assert_eq!(writer_stream(shadow.entry(granule).tag), 5 + depth as u32);
            assert_eq!(producer.dimensions as usize, depth);
            let read: Vec<i64> = producer.iteration_vector[..depth].iter().map(|&x| x as i64).collect();
            assert_eq!(read, iteration_vector, "depth {depth}");
        }
        // A shallow write over a deep one hides it; an untracked write forgets the writer.
        shadow.write(0x10, 0x10, 1, &[1, 2, 3, 4, 5]);
        shadow.write(0x10, 0x10, 2, &[9]);
        assert_eq!(shadow.read(0x10).map(|p| (p.stream, p.dimensions, p.iteration_vector[0])), Some((2, 1, 9)));
        assert!(!shadow.write(0x10, 0x10, 3, &[0; MAX_SHADOW_DIMENSIONS + 1]));
        assert_eq!(shadow.read(0x10), None);
        assert_eq!(shadow.entry(0x10), Entry::default(), "no writer");
        assert_eq!(shadow.read(0x999_999), None);
    }

    /// The entry the tracer predicts for a shallow write is the one the write stores, and a
    /// stepped entry is the write one step further.
    #[test]
    fn predicted_entries_are_the_written_ones() {
        let mut shadow = ShadowMemory::default();
        shadow.write(0x40, 0x40, 9, &[3, 7]);
        assert_eq!(Entry::inline(9, 2, &[3, 7, 0]), Some(shadow.entry(0x40)));
        shadow.write(0x41, 0x41, 9, &[3, 8]);
        assert_eq!(shadow.entry(0x40).stepped(&[0, 1, 0]), shadow.entry(0x41));
        assert!(shadow.entry(0x40).same_writer(&shadow.entry(0x41)));
        assert_eq!(Entry::inline(9, 4, &[0, 0, 0]), None);
        assert_eq!(shadow.entry(0x99), Entry::default());
    }

    /// A write over several granules (a double, a vector) names its writer in each of them,
    /// shallow, deep or untracked, and leaves the neighbours alone.
    #[test]
    fn a_write_covers_all_its_granules() {
        let mut shadow = ShadowMemory::default();
        for (stream, iteration_vector) in [(4, vec![1, 2]), (5, vec![1, 2, 3, 4, 5])] {
            assert!(shadow.write(0x3ff, 0x402, stream, &iteration_vector), "across a page boundary");
            for granule in 0x3ff..=0x402 {
                let producer = shadow.read(granule).expect("written");
                assert_eq!((producer.stream, producer.dimensions as usize), (stream, iteration_vector.len()));
            }
            assert_eq!(shadow.read(0x3fe), None);
            assert_eq!(shadow.read(0x403), None);
        }
        assert!(!shadow.write(0x3ff, 0x400, 6, &[0; MAX_SHADOW_DIMENSIONS + 1]));
        assert_eq!((shadow.read(0x3ff), shadow.read(0x400)), (None, None));
        assert_eq!(shadow.read(0x401).map(|p| p.stream), Some(5));
    }

    /// Granules far apart (more pages than the page cache holds, with colliding cache slots)
    /// keep their own writers.
    #[test]
    fn pages_beyond_the_cache_keep_their_writers() {
        let mut shadow = ShadowMemory::default();
        let granule = |k: u64| (k * PAGE_CACHE as u64 + 3) << PAGE_BITS;
        for k in 0..3 * PAGE_CACHE as u64 {
            shadow.write(granule(k), granule(k), k as u32, &[k as i64, 1, 2, 3]);
        }
        for k in 0..3 * PAGE_CACHE as u64 {
            let p = shadow.read(granule(k)).unwrap();
            assert_eq!((p.stream, p.iteration_vector[0]), (k as u32, k as i32));
        }
    }
}
