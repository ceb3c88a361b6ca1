/**
 * Internal: helpers of the controller process that both shipping forms share (the standalone
 * process and the drop-in listener): meters registered once per registry, and the readable cause
 * chain of a start failure. Not API; may change in any release. Uses Micrometer and the JDK only.
 */
package dev.bluegreen.operator.internal.process;
