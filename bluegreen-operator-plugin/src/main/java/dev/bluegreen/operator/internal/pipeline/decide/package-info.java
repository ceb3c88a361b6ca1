/**
 * The decide stage's pure part: {@link dev.bluegreen.operator.internal.pipeline.decide.Decide}
 * turns one {@link dev.bluegreen.operator.internal.pipeline.decide.ParentObservation}, the parsed
 * settings and the time into a {@link dev.bluegreen.operator.internal.pipeline.decide.Decision};
 * {@link dev.bluegreen.operator.internal.pipeline.decide.StateReads} declares what each state needs
 * to see. No Kubernetes client, no JOSDK, no network, file or stream I/O and no clock reads ({@code
 * PluginArchitectureTest}).
 */
package dev.bluegreen.operator.internal.pipeline.decide;
