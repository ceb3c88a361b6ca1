/**
 * The parent status: {@link dev.bluegreen.operator.internal.status.StatusMapper} turns a {@link
 * dev.bluegreen.operator.internal.status.StatusInput} (the plan, both observations, child errors,
 * problems) into the status to write and the events that go with it ({@code StatusEvents}, {@code
 * Conditions}); {@code RecordCodec} keeps the engine's record in the status; {@code
 * UnreadableStatus} spots a status the controller cannot act on.
 *
 * <p>Pure functions, no I/O: the status is written by {@code apply}. Depends on {@code resource},
 * {@code observe}, {@code spec} and {@code validate} (for the problems it reports).
 */
package dev.bluegreen.operator.internal.status;
