/**
 * Classifies a change of a FlinkBlueGreenDeployment spec (ignore, update the parent only, patch the
 * child in place, or a full blue/green transition) and names the fields that caused it.
 *
 * <p>Dependencies: the JDK and Jackson only. Works on JSON trees, never on typed CRD classes.
 */
package dev.bluegreen.diff;
