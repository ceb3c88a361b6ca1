/**
 * Internal: the read-only dashboard a controller process serves ({@code --dashboard-port}): every
 * parent from the controller's informer cache, and one parent's state history, conditions, last
 * events, analysis checks and children. {@link ParentHistory} keeps what the controller observed
 * (bounded per parent), {@link DashboardData} joins it with the caches, the pages ({@link
 * ParentsPage}, {@link ParentPage}, {@link TimelineSvg}) are pure functions of that data, and
 * {@link DashboardServer} serves them with the JDK's {@code com.sun.net.httpserver}. Opening a page
 * costs no request to the API server or to a JobManager. Not API; may change in any release.
 */
package dev.bluegreen.operator.internal.dashboard;
