package dev.bluegreen.kafka.broker;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** Port helpers on the loopback interface. */
final class LoopbackPorts {

    private LoopbackPorts() {}

    /**
     * Two distinct ports that were free a moment ago. Both sockets are held open until both are
     * chosen, so the two differ; another process may still take one before the broker binds it (the
     * broker then fails to start and {@link KafkaBroker#start} says so).
     *
     * @throws IOException when the operating system hands out no port
     */
    static int[] twoFree() throws IOException {
        try (ServerSocket first = bindAny();
                ServerSocket second = bindAny()) {
            return new int[] {first.getLocalPort(), second.getLocalPort()};
        }
    }

    private static ServerSocket bindAny() throws IOException {
        ServerSocket socket = new ServerSocket();
        socket.setReuseAddress(true);
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        return socket;
    }

    /** Whether something accepts TCP connections on {@code localhost:port} (waits up to 250 ms). */
    static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("localhost", port), 250);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
