/**
 * An example extension of the FlinkBlueGreenDeployment controller: {@link
 * dev.bluegreen.example.policy.SteadyGreenExtension} ({@code steady-green}) with its readiness
 * policy {@link dev.bluegreen.example.policy.SteadyRunPolicy} and a diff-rule override. It needs
 * bluegreen-core and bluegreen-diff only; docs/testing-policies.md shows how it is tested in the
 * simulator, packaged, and used in a fork, the drop-in plugin and the standalone process.
 */
package dev.bluegreen.example.policy;
