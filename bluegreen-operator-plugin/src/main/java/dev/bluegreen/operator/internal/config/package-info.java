/**
 * The blue/green options of {@code spec.configuration}, as data ({@link
 * dev.bluegreen.operator.internal.config.BlueGreenOptions#ALL}, typed {@link
 * dev.bluegreen.operator.internal.config.Option}s; docs/configuration.md is generated from them),
 * and their parser: {@link dev.bluegreen.operator.internal.config.BlueGreenOptions#read} turns a
 * configuration map into {@link dev.bluegreen.operator.internal.config.ParsedOptions}, the problems
 * plus the typed {@link dev.bluegreen.operator.internal.config.BlueGreenSettings} (engine policy,
 * diff rules, requeue interval, {@link dev.bluegreen.operator.internal.config.HandoverSettings}).
 * The reconciler parses once per reconcile and passes the settings down.
 *
 * <p>Pure values: no I/O, no Kubernetes. Depends only on {@code bluegreen-core} and {@code
 * bluegreen-diff}, and on no other package of the plugin.
 */
package dev.bluegreen.operator.internal.config;
