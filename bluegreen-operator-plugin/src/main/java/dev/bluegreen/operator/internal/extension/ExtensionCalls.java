package dev.bluegreen.operator.internal.extension;

import dev.bluegreen.core.extension.ExtensionParameters.InvalidParameterException;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs calls into extension code bounded in time, on a small shared pool of daemon threads (at most
 * {@value #MAX_THREADS}, idle ones end after a minute). A call that throws or overruns fails with
 * {@link ExtensionFailedException}; an overrunning call is interrupted, and while it still runs no
 * other call for the same resource starts (it fails at once: "still running"), so a hanging
 * extension holds at most one thread per resource. An {@link InvalidParameterException} passes
 * through as it is (the controller reports it as an invalid spec). Thread-safe.
 */
public final class ExtensionCalls {
    /** The most threads running extension code at once. */
    static final int MAX_THREADS = 8;

    private static final AtomicInteger THREADS = new AtomicInteger();

    private final Duration bound;
    private final ThreadPoolExecutor pool;
    private final ConcurrentMap<String, Object> running = new ConcurrentHashMap<>();

    /** Calls bounded by {@code bound} each. */
    public ExtensionCalls(Duration bound) {
        this.bound = Objects.requireNonNull(bound, "bound == null");
        this.pool =
                new ThreadPoolExecutor(
                        0,
                        MAX_THREADS,
                        1,
                        TimeUnit.MINUTES,
                        new SynchronousQueue<>(),
                        ExtensionCalls::daemon);
    }

    private static Thread daemon(Runnable task) {
        var thread = new Thread(task, "bluegreen-extension-" + THREADS.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    }

    /** How long each call may take. */
    public Duration bound() {
        return bound;
    }

    /**
     * The answer of {@code call}, made for the resource {@code parent}.
     *
     * @param what the extension and the call, for messages, e.g. {@code extension 'mine':
     *     readiness}
     * @throws ExtensionFailedException when it throws, overruns the bound or returns {@code null},
     *     or an earlier call for {@code parent} still runs
     * @throws InvalidParameterException as the call threw it
     */
    public <T> T call(String parent, String what, Callable<T> call) {
        Object marker = new Object();
        if (running.putIfAbsent(parent, marker) != null) {
            throw new ExtensionFailedException(
                    what
                            + ": an earlier call is still running (it took longer than "
                            + seconds()
                            + ")",
                    null);
        }
        Future<T> answer = submit(parent, marker, what, call);
        T value = await(answer, what);
        if (value == null) {
            throw new ExtensionFailedException(what + ": returned null", null);
        }
        return value;
    }

    /** Starts {@code call}; it forgets its marker when it ends, however late. */
    private <T> Future<T> submit(String parent, Object marker, String what, Callable<T> call) {
        try {
            return pool.submit(
                    () -> {
                        try {
                            return call.call();
                        } finally {
                            running.remove(parent, marker);
                        }
                    });
        } catch (RejectedExecutionException e) {
            running.remove(parent, marker);
            throw new ExtensionFailedException(
                    what + ": no thread free (" + MAX_THREADS + " extension calls running)", e);
        }
    }

    private <T> T await(Future<T> answer, String what) {
        try {
            return answer.get(bound.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            answer.cancel(true);
            throw new ExtensionFailedException(what + ": no answer within " + seconds(), e);
        } catch (ExecutionException e) {
            throw failed(what, e.getCause());
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            throw new ExtensionFailedException(what + ": interrupted while waiting", e);
        }
    }

    private static RuntimeException failed(String what, Throwable cause) {
        if (cause instanceof InvalidParameterException invalid) {
            return invalid;
        }
        return new ExtensionFailedException(
                what + ": threw " + cause.getClass().getName() + ": " + cause.getMessage(), cause);
    }

    private String seconds() {
        return bound.toMillis() % 1000 == 0 ? bound.toSeconds() + " s" : bound.toMillis() + " ms";
    }
}
