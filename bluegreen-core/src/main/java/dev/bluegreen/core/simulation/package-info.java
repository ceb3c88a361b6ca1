/**
 * A test harness for transition policies: {@link dev.bluegreen.core.simulation.TransitionSimulator}
 * runs the engine (or any decision function) against a simulated cluster with fake children, a
 * virtual clock, scripted failures and scripted analysis verdicts ({@link
 * dev.bluegreen.core.simulation.AnalysisScript}), and checks the blue/green invariants after every
 * step.
 *
 * <p>Main code so that users can put it in their own tests; like the rest of core it reads no clock
 * (the simulator's clock is an {@link java.time.Instant} it advances itself) and does no I/O.
 */
package dev.bluegreen.core.simulation;
