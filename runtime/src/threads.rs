//! State kept per guest thread (QEMU user mode runs each on a vCPU of its own): the current
//! thread's state stays where the hot path reads it, the other threads' wait here, indexed by
//! thread serial number. The tracer parks control flows, the frontend cursors.

/// The state of the threads other than the current one.
#[derive(Debug)]
pub(crate) struct Parked<T> {
    /// The current thread (whose state the owner holds).
    thread: u32,
    others: Vec<Option<T>>,
}

impl<T> Parked<T> {
    /// Thread 0 is current, no other thread has state.
    pub fn new() -> Parked<T> {
        Parked { thread: 0, others: vec![None] }
    }

    /// The current thread.
    pub fn thread(&self) -> u32 {
        self.thread
    }

    /// Makes `thread` current: parks `current`, the current thread's state, and puts
    /// `thread`'s in its place (`new()` the first time). Returns whether the thread changed.
    pub fn switch(&mut self, current: &mut T, thread: u32, new: impl FnOnce() -> T) -> bool {
        if thread == self.thread {
            return false;
        }
        let index = thread as usize;
        if self.others.len() <= index {
            self.others.resize_with(index + 1, || None);
        }
        let next = self.others[index].take().unwrap_or_else(new);
        self.others[self.thread as usize] = Some(std::mem::replace(current, next));
        self.thread = thread;
        true
    }

    /// The parked states.
    pub fn others_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.others.iter_mut().flatten()
    }

    /// Every thread's state by thread, `current` (the current thread's) included.
    pub fn into_all(mut self, current: T) -> Vec<Option<T>> {
        self.others[self.thread as usize] = Some(current);
        self.others
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_follow_their_threads() {
        let mut parked = Parked::new();
        let mut current = String::from("zero");
        assert!(!parked.switch(&mut current, 0, || unreachable!()));
        assert!(parked.switch(&mut current, 2, || String::from("two")));
        current.push('!');
        assert!(parked.switch(&mut current, 0, || unreachable!()));
        assert_eq!((current.as_str(), parked.thread()), ("zero", 0));
        assert_eq!(parked.others_mut().map(|s| s.clone()).collect::<Vec<_>>(), vec!["two!".to_string()]);
        let all = parked.into_all(current);
        assert_eq!(all, vec![Some("zero".to_string()), None, Some("two!".to_string())]);
    }
}
