/// Where a kept keyed container reads or writes: aimed at each value's table in turn by the
/// coder using it, detached between values.
protocol LuaContainerFrame: AnyObject {
    associatedtype Coder: AnyObject
    /// Points the frame at the value `coder` is working on now, whose table is at `table`.
    func aim(_ coder: Coder, table: Int32)
    /// Lets go of the coder once its value is done.
    func detach()
}
