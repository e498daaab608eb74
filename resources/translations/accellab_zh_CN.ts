<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutDialog</name>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>not built in</source>
        <translation>未内置</translation>
    </message>
    <message>
        <source>toolkit %1</source>
        <translation>工具包 %1</translation>
    </message>
    <message>
        <source>; runtime %1, driver %2</source>
        <translation>；运行时 %1，驱动 %2</translation>
    </message>
    <message>
        <source>; %1</source>
        <translation>；%1</translation>
    </message>
    <message>
        <source>known once the machine probe has finished</source>
        <translation>本机探测完成后可知</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Qt</source>
        <translation>Qt</translation>
    </message>
    <message>
        <source>%1 (built with %2)</source>
        <translation>%1（构建时使用 %2）</translation>
    </message>
    <message>
        <source>Compiler</source>
        <translation>编译器</translation>
    </message>
    <message>
        <source>%1, %2 build</source>
        <translation>%1，%2 构建</translation>
    </message>
    <message>
        <source>Highway</source>
        <translation>Highway</translation>
    </message>
    <message>
        <source>%1, dispatching to %2</source>
        <translation>%1，分派到 %2</translation>
    </message>
    <message>
        <source>OpenMP</source>
        <translation>OpenMP</translation>
    </message>
    <message>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <source>Features</source>
        <translation>功能</translation>
    </message>
    <message>
        <source>CUDA %1, Highway %2, OpenMP %3</source>
        <translation>CUDA %1，Highway %2，OpenMP %3</translation>
    </message>
    <message>
        <source>About AccelLab</source>
        <translation>关于 AccelLab</translation>
    </message>
    <message>
        <source>&lt;h2&gt;AccelLab %1&lt;/h2&gt;&lt;p&gt;Profiles compute kernels in their variants (scalar, SIMD, threads, GPU) and shows how far each is from the machine&apos;s limits.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;AccelLab %1&lt;/h2&gt;&lt;p&gt;以多种变体（标量、SIMD、多线程、GPU）剖析计算内核的性能，并显示每个变体距本机性能上限还有多远。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1:</source>
        <translation>%1：</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Copy these facts, for a bug report</source>
        <translation>复制这些信息，用于提交错误报告</translation>
    </message>
</context>
<context>
    <name>AdviceTerms</name>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <source>Minimum time</source>
        <translation>最短时间</translation>
    </message>
    <message>
        <source>Repetitions</source>
        <translation>重复次数</translation>
    </message>
    <message>
        <source>Re-run unstable</source>
        <translation>重测不稳定点</translation>
    </message>
</context>
<context>
    <name>ChartExport</name>
    <message>
        <source>Cannot encode the image %1</source>
        <translation>无法编码图像 %1</translation>
    </message>
    <message>
        <source>The session has no run %1.</source>
        <translation>会话中没有运行 %1。</translation>
    </message>
    <message>
        <source>The session holds no points to chart.</source>
        <translation>会话中没有可绘制的测量点。</translation>
    </message>
    <message>
        <source>The runs chosen hold no points to chart.</source>
        <translation>所选运行中没有可绘制的测量点。</translation>
    </message>
    <message>
        <source>Cannot encode the drawing %1</source>
        <translation>无法编码矢量图 %1</translation>
    </message>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>run %1 “%2”</source>
        <translation>运行 %1“%2”</translation>
    </message>
    <message>
        <source>%1 UTC</source>
        <translation>%1 UTC</translation>
    </message>
</context>
<context>
    <name>ChartInput</name>
    <message>
        <source>no samples</source>
        <translation>没有样本</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>runs %1</source>
        <translation>运行 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Not drawn, %1 · %2: %3 (%4)</source>
        <translation>未绘制，%1 · %2：%3（%4）</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more not drawn (see the table)</source>
        <translation>
            <numerusform>…… 另有 %n 项未绘制（见表格）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1
variant %2, %n thread(s), %3, run %4</source>
        <translation>
            <numerusform>%1
变体 %2，%n 个线程，%3，运行 %4</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>median %1 ± %2 (MAD), %n sample(s)</source>
        <translation>
            <numerusform>中位数 %1 ± %2（MAD），%n 个样本</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on %2 ranks</source>
        <translation>%1，%2 个进程</translation>
    </message>
</context>
<context>
    <name>ColumnHeader</name>
    <message>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>problem</source>
        <translation>问题规模</translation>
    </message>
    <message>
        <source>size</source>
        <translation>规模</translation>
    </message>
    <message>
        <source>variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>± MAD</source>
        <translation>± MAD</translation>
    </message>
    <message>
        <source>first call</source>
        <translation>首次调用</translation>
    </message>
    <message>
        <source>cores</source>
        <translation>所用核数</translation>
    </message>
    <message>
        <source>CPU time</source>
        <translation>CPU 时间</translation>
    </message>
    <message>
        <source>throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>% ceiling</source>
        <translation>占上限 %</translation>
    </message>
    <message>
        <source>speedup</source>
        <translation>加速比</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>已验证</translation>
    </message>
    <message>
        <source>status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>flags</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>stddev</source>
        <translation>标准差</translation>
    </message>
    <message>
        <source>CI95 low</source>
        <translation>CI95 下限</translation>
    </message>
    <message>
        <source>CI95 high</source>
        <translation>CI95 上限</translation>
    </message>
    <message>
        <source>outliers</source>
        <translation>离群值</translation>
    </message>
    <message>
        <source>samples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <source>runs/sample</source>
        <translation>每样本调用次数</translation>
    </message>
    <message>
        <source>attempts</source>
        <translation>测量次数</translation>
    </message>
    <message>
        <source>elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>isa</source>
        <translation>指令集</translation>
    </message>
    <message>
        <source>GPU kernel</source>
        <translation>GPU 内核</translation>
    </message>
    <message>
        <source>GPU h2d</source>
        <translation>GPU 主机→设备</translation>
    </message>
    <message>
        <source>GPU d2h</source>
        <translation>GPU 设备→主机</translation>
    </message>
    <message>
        <source>GPU end to end</source>
        <translation>GPU 端到端</translation>
    </message>
    <message>
        <source>benchmark</source>
        <translation>基准测试</translation>
    </message>
    <message>
        <source>note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>new threads</source>
        <translation>新线程数</translation>
    </message>
    <message>
        <source>base</source>
        <translation>基准</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新</translation>
    </message>
    <message>
        <source>new/base</source>
        <translation>新/基准</translation>
    </message>
    <message>
        <source>95 % CI</source>
        <translation>95% 置信区间</translation>
    </message>
    <message>
        <source>CI low</source>
        <translation>置信下限</translation>
    </message>
    <message>
        <source>CI high</source>
        <translation>置信上限</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p 值</translation>
    </message>
    <message>
        <source>base n</source>
        <translation>基准样本数</translation>
    </message>
    <message>
        <source>new n</source>
        <translation>新样本数</translation>
    </message>
    <message>
        <source>base status</source>
        <translation>基准状态</translation>
    </message>
    <message>
        <source>new status</source>
        <translation>新状态</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>FLOP rate</source>
        <translation>浮点速率</translation>
    </message>
    <message>
        <source>intensity</source>
        <translation>算术强度</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>浮点运算数</translation>
    </message>
    <message>
        <source>ranks</source>
        <translation>进程数</translation>
    </message>
    <message>
        <source>imbalance</source>
        <translation>不均衡度</translation>
    </message>
    <message>
        <source>page faults</source>
        <translation>缺页次数</translation>
    </message>
    <message>
        <source>first call page faults</source>
        <translation>首次调用缺页次数</translation>
    </message>
    <message>
        <source>context switches</source>
        <translation>上下文切换</translation>
    </message>
    <message>
        <source>CPU migrations</source>
        <translation>CPU 迁移</translation>
    </message>
    <message>
        <source>cycles</source>
        <translation>周期数</translation>
    </message>
    <message>
        <source>instructions</source>
        <translation>指令数</translation>
    </message>
    <message>
        <source>cache misses</source>
        <translation>缓存未命中</translation>
    </message>
    <message>
        <source>L1D load misses</source>
        <translation>L1D 读未命中</translation>
    </message>
    <message>
        <source>branch misses</source>
        <translation>分支预测失误</translation>
    </message>
</context>
<context>
    <name>Insights</name>
    <message>
        <source>%1 %2 at %3</source>
        <translation>%1 %2（%3）</translation>
    </message>
    <message>
        <source>Memory-bound</source>
        <translation>受内存带宽限制</translation>
    </message>
    <message>
        <source>Compute-bound</source>
        <translation>受计算能力限制</translation>
    </message>
    <message>
        <source>Below both roofs</source>
        <translation>远低于两条屋顶线</translation>
    </message>
    <message>
        <source>Threads stop paying</source>
        <translation>增加线程不再划算</translation>
    </message>
    <message>
        <source>Threads lose</source>
        <translation>多线程反而更慢</translation>
    </message>
    <message>
        <source>Loop order</source>
        <translation>循环顺序</translation>
    </message>
    <message>
        <source>First call</source>
        <translation>首次调用</translation>
    </message>
    <message>
        <source>GPU copies</source>
        <translation>GPU 数据复制</translation>
    </message>
    <message>
        <source>%1 moves %2, %3 of the memory ceiling (%4): it is memory-bound. Faster code will not help; less traffic will (fuse passes, a smaller element type, or stay in cache).</source>
        <translation>%1 的数据传输速率为 %2，达到内存带宽上限（%4）的 %3：它受内存带宽限制。更快的代码无济于事，减少数据流量才有用（合并多次遍历、使用更小的元素类型，或让数据留在缓存中）。</translation>
    </message>
    <message>
        <source>%1 computes %2, %3 of the FMA peak of its instruction set and threads (%4): it is compute-bound. Wider vectors or more threads will help; less traffic will not.</source>
        <translation>%1 的计算速率为 %2，达到其指令集与线程数下 FMA 峰值（%4）的 %3：它受计算能力限制。更宽的向量或更多线程会有帮助，减少数据流量则不会。</translation>
    </message>
    <message>
        <source>Neither bounds it: at this size the launch and its latency do. Give the GPU a larger problem (it needs millions of elements to fill its cores).</source>
        <translation>两者都不是它的瓶颈：在这个规模下，瓶颈是内核启动及其延迟。请给 GPU 更大的问题（它需要数百万个元素才能占满所有核心）。</translation>
    </message>
    <message>
        <source>Neither bounds it: latency, a dependency chain, the loop order or per-call overhead does. Try the vectorized or parallel variant, or a larger problem.</source>
        <translation>两者都不是它的瓶颈：瓶颈在于延迟、依赖链、循环顺序或每次调用的开销。请尝试向量化或并行变体，或更大的问题规模。</translation>
    </message>
    <message>
        <source>%1 on %2 threads runs %3 as fast as on one, an efficiency of %4: from there, added threads pay less than half each. Look for a shared resource (memory bandwidth, a lock) or too little work per thread.</source>
        <translation>%1 在 %2 个线程上的速度是单线程的 %3，并行效率为 %4：从这里起，每增加一个线程带来的收益不到一半。请检查共享资源（内存带宽、锁）或每个线程的工作量是否太少。</translation>
    </message>
    <message>
        <source>%1 on %2 threads is %3 slower than on one (%4).</source>
        <translation>%1 在 %2 个线程上比单线程（%4）慢 %3。</translation>
    </message>
    <message>
        <source>It moves %1 a call, below the %2 from which this machine&apos;s threads pay (its split crossover), so starting and joining them, about %3 here, costs more than the work. Use one thread for problems this small, or a larger problem.</source>
        <translation>每次调用搬运 %1，低于本机多线程开始划算的 %2（其拆分交叉点），因此启动和汇合线程（这里约 %3）的开销超过了工作本身。对于这么小的问题请使用单线程，或改用更大的问题规模。</translation>
    </message>
    <message>
        <source>The machine was busy when the run began (its load warning), and the threads competed with other work. Measure again on a quiet machine before drawing conclusions.</source>
        <translation>本次运行开始时机器繁忙（有负载警告），线程与其他工作争抢资源。请在空闲的机器上重新测量后再下结论。</translation>
    </message>
    <message>
        <source>Its threads kept only %1 cores busy, so they waited more than they worked (a lock, the memory bus, another process). Look for what they wait on.</source>
        <translation>它的线程只让 %1 个核心保持忙碌，等待多于工作（锁、内存总线、其他进程）。请查明它们在等待什么。</translation>
    </message>
    <message>
        <source>It moves %1 a call, above the %2 from which this machine&apos;s threads pay, so starting them does not explain it.</source>
        <translation>每次调用搬运 %1，高于本机多线程开始划算的 %2，因此启动线程的开销不能解释这一点。</translation>
    </message>
    <message>
        <source>Nothing else this run measured says why: measure again on a quiet machine, or more sizes.</source>
        <translation>本次运行测得的其他数据都无法说明原因：请在空闲的机器上重新测量，或测量更多规模。</translation>
    </message>
    <message>
        <source>%1 is %2 slower than loop: the tutorial&apos;s loop order makes each access jump %3, so every element costs a cache line of its own. Make the innermost loop walk the last index.</source>
        <translation>%1 比 loop 慢 %2：教程的循环顺序让每次访问跳过 %3，因此每个元素都要单独占用一条缓存行。请让最内层循环遍历最后一个下标。</translation>
    </message>
    <message>
        <source>%1: the copies to and from the GPU take %2 of its time end to end (%3 against a kernel of %4). Keep the data on the device across calls, or give the kernel more work per byte.</source>
        <translation>%1：与 GPU 之间的数据复制占端到端时间的 %2（复制 %3，内核 %4）。请让数据在多次调用之间留在设备上，或让内核对每个字节做更多计算。</translation>
    </message>
    <message>
        <source>It rests on unstable or cut-short points: raise Minimum time or use Re-run Unstable Points first.</source>
        <translation>该结论基于不稳定或被提前截断的测量点：请先增大“最短时间”，或使用“重新测量不稳定的点”。</translation>
    </message>
    <message>
        <source>%1: the first call took %2 against a median of %3 (compilation, page faults or module loading).</source>
        <translation>%1：首次调用耗时 %2，而中位数为 %3（编译、缺页或模块加载）。</translation>
    </message>
    <message>
        <source>It takes one call to win that back over the baseline.</source>
        <translation>相对基准只需一次调用就能赚回这部分开销。</translation>
    </message>
    <message>
        <source>It takes %1 calls to win that back over the baseline.</source>
        <translation>相对基准需要 %1 次调用才能赚回这部分开销。</translation>
    </message>
    <message>
        <source>Points of %1 cold too, besides this one: %2.</source>
        <translation>%1 中除此之外首次调用同样很慢的点：%2 个。</translation>
    </message>
    <message>
        <source>A program that calls it once pays the first call, not the median.</source>
        <translation>只调用一次的程序付出的是首次调用的时间，而不是中位数。</translation>
    </message>
    <message>
        <source>Out of a cache</source>
        <translation>超出缓存</translation>
    </message>
    <message>
        <source>Pageable copies</source>
        <translation>可分页内存拷贝</translation>
    </message>
    <message>
        <source>Python against C++</source>
        <translation>Python 与 C++ 对比</translation>
    </message>
    <message>
        <source>Busy machine</source>
        <translation>机器繁忙</translation>
    </message>
    <message>
        <source>Undeclared threads</source>
        <translation>未声明的线程</translation>
    </message>
    <message>
        <source>%1 declared one thread and kept %2 cores busy (its CPU time over its wall time).</source>
        <translation>%1 声明了一个线程，却让 %2 个核心保持忙碌（CPU 时间除以墙钟时间）。</translation>
    </message>
    <message>
        <source>%1 declared %3 threads and kept %2 cores busy (its CPU time over its wall time).</source>
        <translation>%1 声明了 %3 个线程，却让 %2 个核心保持忙碌（CPU 时间除以墙钟时间）。</translation>
    </message>
    <message>
        <source>Points that did likewise, besides this one: %1.</source>
        <translation>除此之外同样如此的点：%1 个。</translation>
    </message>
    <message>
        <source>Threads it did not declare ran too, a library&apos;s own (Dask&apos;s scheduler, OpenBLAS, Numba&apos;s or PyTorch&apos;s pool). Its time is not a time on that many threads: compare it with variants on as many threads, or limit the library&apos;s threads (threads= in the accellab module, OMP_NUM_THREADS).</source>
        <translation>还有它未声明的线程在运行，属于某个库自己的线程（Dask 的调度器、OpenBLAS、Numba 或 PyTorch 的线程池）。它的时间并不是在这么多线程上的时间：请与使用同样多线程的变体比较，或限制该库的线程数（accellab 模块中的 threads=、OMP_NUM_THREADS）。</translation>
    </message>
    <message>
        <source>%1 falls from %2 at %3 a call to %4 at %5 (%6 slower per element).</source>
        <translation>%1 的吞吐量从每次调用 %3 时的 %2 降到 %5 时的 %4（每个元素慢 %6）。</translation>
    </message>
    <message>
        <source>The larger size no longer fits in L%1 (%2), so it runs from the next level down. Block the work to stay within it, or expect this rate beyond it.</source>
        <translation>较大的规模已放不进 L%1（%2），只能从下一级存储读取。可以分块处理使数据留在该级缓存内，否则超过这个规模就只能得到这个速率。</translation>
    </message>
    <message>
        <source>No cache boundary is known between the two: look for another limit (page faults, the TLB, a change of code path).</source>
        <translation>这两个规模之间没有已知的缓存边界：请寻找其他限制（缺页、TLB、代码路径的变化）。</translation>
    </message>
    <message>
        <source>%1: its copies from and to pageable memory (as the tutorial&apos;s to_device does) take %2 against %3 from pinned memory, %4 as long. Allocate the host buffers pinned (cudaMallocHost, cupy.cuda.alloc_pinned_memory) where the copies matter.</source>
        <translation>%1：与可分页内存之间的拷贝（教程中 to_device 的做法）耗时 %2，而使用锁页内存只需 %3，是其 %4。拷贝时间要紧时，请用锁页内存分配主机缓冲区（cudaMallocHost、cupy.cuda.alloc_pinned_memory）。</translation>
    </message>
    <message>
        <source>%1 takes %2</source>
        <translation>%1 的用时是其 %2</translation>
    </message>
    <message>
        <source>For the same work, %1 at %2 on one thread: %3 the time of AccelLab&apos;s %4 (C++).</source>
        <translation>同样的工作（%1，规模 %2，单线程），以 AccelLab 的 %4（C++）为准：%3。</translation>
    </message>
    <message>
        <source>Where Python is faster, it calls compiled code that beats this C++ variant (a library&apos;s SIMD loops or its own threads: see its cores); where it is slower, the difference is the interpreter, NumPy&apos;s temporary arrays or the call through Python.</source>
        <translation>Python 更快之处，是它调用的编译代码胜过了这个 C++ 版本（某个库的 SIMD 循环或它自己的线程：见其所用核数）；更慢之处，差距来自解释器、NumPy 的临时数组或经由 Python 的调用。</translation>
    </message>
    <message>
        <source>The difference is the interpreter (a pure-Python loop runs bytecode for each element), NumPy&apos;s calls and temporary arrays, or Numba&apos;s call through Python; the C++ variant is the floor for this work.</source>
        <translation>差距来自解释器（纯 Python 循环为每个元素执行字节码）、NumPy 的调用与临时数组，或 Numba 经由 Python 的调用；C++ 版本是这项工作的下限。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>a load above its CPUs</source>
        <translation>负载超过 CPU 数</translation>
    </message>
    <message>
        <source>another process keeping a core busy</source>
        <translation>另一个进程占满了一个核心</translation>
    </message>
    <message>
        <source>The machine was busy when this run began (%1): %2 of its %3 measured points are flagged, and every time may be slower than the machine is. Close other programs and use Re-run Unstable Points before drawing conclusions.</source>
        <translation>本次运行开始时机器繁忙（%1）：%3 个已测量的点中有 %2 个被标记，所有时间都可能比机器的真实水平慢。请先关闭其他程序并使用“重新测量不稳定的点”，再下结论。</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>%1 moves %2, %3 of the L%5 cache&apos;s roof (%4): it is bound by that cache&apos;s bandwidth. Faster code will not help; less traffic will (fuse passes, a smaller element type, or block for a smaller level).</source>
        <translation>%1 的带宽为 %2，达到 L%5 缓存上限（%4）的 %3：它受该级缓存带宽限制。更快的代码无济于事，减少数据流量才有用（合并多趟计算、使用更小的元素类型，或分块以放进更小一级的缓存）。</translation>
    </message>
    <message>
        <source>the L%1 cache&apos;s roof</source>
        <translation>L%1 缓存带宽上限</translation>
    </message>
    <message>
        <source>the memory ceiling</source>
        <translation>内存带宽上限</translation>
    </message>
    <message>
        <source>%1 reaches %2 of %4 and %3 of the FMA peak.</source>
        <translation>%1 只达到%4的 %2、FMA 峰值的 %3。</translation>
    </message>
    <message>
        <source>%1 reaches %2 of %3.</source>
        <translation>%1 只达到%3的 %2。</translation>
    </message>
    <message>
        <source>GPU crossover</source>
        <translation>GPU 的分界规模</translation>
    </message>
    <message>
        <source>%1 the speed of %2 at the largest size (%3 elements).</source>
        <translation>在最大规模（%3 个元素）下，速度是 %2 的 %1。</translation>
    </message>
    <message>
        <source>%1 end to end (its copies included) beats the fastest CPU variant at every size measured: %2</source>
        <translation>%1 按端到端计时（含拷贝）在测量的每个规模上都快于最快的 CPU 版本：%2</translation>
    </message>
    <message>
        <source>%1 end to end (its copies included) beats the fastest CPU variant from %2 on: %3 Below that size the copies and the launch cost more than the kernel saves; send the GPU larger problems, or keep the data on it.</source>
        <translation>%1 按端到端计时（含拷贝）从 %2 起快于最快的 CPU 版本：%3低于这个规模时，拷贝和启动的开销超过了内核节省的时间；请交给 GPU 更大的问题，或让数据留在 GPU 上。</translation>
    </message>
    <message>
        <source>%1 end to end (its copies included) loses to the fastest CPU variant at every size measured: %2 The copies and the launch cost more than the kernel saves: measure larger problems, or keep the data on the device across calls.</source>
        <translation>%1 按端到端计时（含拷贝）在测量的每个规模上都慢于最快的 CPU 版本：%2拷贝和启动的开销超过了内核节省的时间：请测量更大的问题，或在多次调用之间让数据留在设备上。</translation>
    </message>
    <message>
        <source>Change between runs</source>
        <translation>运行之间的变化</translation>
    </message>
    <message>
        <source>Run %1 against run %2 of %3</source>
        <translation>%3 的运行 %1 对比运行 %2</translation>
    </message>
    <message>
        <source>U test at %1, a change of %2 or more</source>
        <translation>U 检验显著性水平 %1，变化至少 %2</translation>
    </message>
    <message>
        <source>%1: none of their %2 common points changed significantly (%3): the runs agree within their noise.</source>
        <translation>%1：两者共有的 %2 个测量点均无显著变化（%3）：两次运行在噪声范围内一致。</translation>
    </message>
    <message>
        <source>%1: of their %2 common points, %3 faster, %4 slower, %5 without a significant change (%6); the largest change is %7: %8 the time (p = %9).</source>
        <translation>%1：两者共有的 %2 个测量点中，%3 个更快，%4 个更慢，%5 个无显著变化（%6）；变化最大的是 %7：耗时为原来的 %8（p = %9）。</translation>
    </message>
    <message>
        <source>A slower point is a regression only on the same machine under the same conditions: compare the runs&apos; machines and warnings (the Compare tab).</source>
        <translation>只有在同一台机器、相同条件下，更慢的测量点才算性能回退：请比较两次运行的机器和警告（“比较”标签页）。</translation>
    </message>
    <message>
        <source>%1: the first call took %2 against a median of %3: %4 page faults in it against %5 per later call: the first touch of its memory.</source>
        <translation>%1：首次调用耗时 %2，而中位数为 %3：其中有 %4 次缺页，之后每次调用 %5 次：这是首次访问其内存的代价。</translation>
    </message>
    <message>
        <source>%1: the first call took %2 against a median of %3: %4 page faults in it against %5 per later call, one per %6 of the %7 a call moves: the first touch of its memory.</source>
        <translation>%1：首次调用耗时 %2，而中位数为 %3：其中有 %4 次缺页，之后每次调用 %5 次，即每次调用移动的 %7 中每 %6 一次：这是首次访问其内存的代价。</translation>
    </message>
    <message>
        <source>%1: the first call took %2 against a median of %3: %4 page faults in it against %5 per later call, so not the first touch of memory (compilation, module loading or caches warming).</source>
        <translation>%1：首次调用耗时 %2，而中位数为 %3：其中有 %4 次缺页，之后每次调用 %5 次，因此并非首次访问内存所致（可能是编译、模块加载或缓存预热）。</translation>
    </message>
    <message>
        <source>%1 instructions per cycle</source>
        <translation>每周期 %1 条指令</translation>
    </message>
    <message>
        <source>%1 cache misses</source>
        <translation>%1 次缓存未命中</translation>
    </message>
    <message>
        <source>%1 L1D load misses</source>
        <translation>%1 次 L1D 加载未命中</translation>
    </message>
    <message>
        <source>%1 branch misses</source>
        <translation>%1 次分支预测失误</translation>
    </message>
    <message>
        <source>per element: %1</source>
        <translation>每个元素：%1</translation>
    </message>
    <message>
        <source>Counted: %1.</source>
        <translation>计数：%1。</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>System Language</source>
        <translation>跟随系统语言</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>AccelLab will use %1 from its next start.</source>
        <translation>AccelLab 将在下次启动时使用%1。</translation>
    </message>
</context>
<context>
    <name>PluginProbe</name>
    <message>
        <source>plugin %1: loading it did not end within %2 s in a child process (accellab-cli list --plugin): not loaded into the window, which it would hang</source>
        <translation>插件 %1：在子进程中加载它（accellab-cli list --plugin）未在 %2 秒内结束：未加载到窗口中，否则会使窗口挂起</translation>
    </message>
    <message>
        <source>plugin %1: its code crashed a child process that loaded it (accellab-cli list --plugin): not loaded into the window, which it would take down</source>
        <translation>插件 %1：它的代码使加载它的子进程（accellab-cli list --plugin）崩溃：未加载到窗口中，否则会使窗口崩溃</translation>
    </message>
</context>
<context>
    <name>Presets</name>
    <message>
        <source>Tutorial (%1 samples)</source>
        <translation>教程（%1 个样本）</translation>
    </message>
    <message>
        <source>1e4 samples</source>
        <translation>1e4 个样本</translation>
    </message>
    <message>
        <source>3e7 samples</source>
        <translation>3e7 个样本</translation>
    </message>
    <message>
        <source>1e9 samples</source>
        <translation>1e9 个样本</translation>
    </message>
    <message>
        <source>1e10 samples</source>
        <translation>1e10 个样本</translation>
    </message>
    <message>
        <source>Tutorial</source>
        <translation>教程</translation>
    </message>
    <message>
        <source>Small</source>
        <translation>小</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>中</translation>
    </message>
    <message>
        <source>Large</source>
        <translation>大</translation>
    </message>
    <message>
        <source>Size sweep (small, medium, large)</source>
        <translation>规模扫描（小、中、大）</translation>
    </message>
</context>
<context>
    <name>ProgressText</name>
    <message>
        <source>%1 samples</source>
        <translation>%1 个样本</translation>
    </message>
    <message>
        <source>%1×%2×%3 %4</source>
        <translation>%1×%2×%3 %4</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 ×1 thread</source>
        <translation>%1 ×1 线程</translation>
    </message>
    <message>
        <source>%1 ×%2 threads</source>
        <translation>%1 ×%2 线程</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>preparing</source>
        <translation>正在准备</translation>
    </message>
    <message>
        <source>warming up</source>
        <translation>正在预热</translation>
    </message>
    <message>
        <source>measuring</source>
        <translation>正在测量</translation>
    </message>
    <message>
        <source>measuring %1 of %2</source>
        <translation>正在测量第 %1/%2 次</translation>
    </message>
    <message>
        <source>measuring %1</source>
        <translation>正在测量第 %1 次</translation>
    </message>
    <message>
        <source>verifying</source>
        <translation>正在验证</translation>
    </message>
    <message>
        <source>%1, re-run %2 of %3</source>
        <translation>%1，第 %2/%3 次重新测量</translation>
    </message>
    <message>
        <source>longer than estimated</source>
        <translation>比预计的时间长</translation>
    </message>
    <message>
        <source>almost done</source>
        <translation>即将完成</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>约剩 %1</translation>
    </message>
    <message>
        <source>at least %1 left: variants not measured yet may take longer</source>
        <translation>至少还剩 %1：尚未测量的变体可能耗时更长</translation>
    </message>
    <message>
        <source>Point %1 of %2: %3 — %4</source>
        <translation>第 %1/%2 个测量点：%3 —— %4</translation>
    </message>
    <message>
        <source>%1 of %2 points done</source>
        <translation>已完成 %1/%2 个测量点</translation>
    </message>
    <message>
        <source> — %1</source>
        <translation> —— %1</translation>
    </message>
    <message>
        <source>Finished: 1 point</source>
        <translation>已完成：1 个测量点</translation>
    </message>
    <message>
        <source>Finished: %1 points</source>
        <translation>已完成：%1 个测量点</translation>
    </message>
    <message>
        <source>Cancelled after %1 of 1 point</source>
        <translation>已取消：完成了 1 个测量点中的 %1 个</translation>
    </message>
    <message>
        <source>Cancelled after %1 of %2 points</source>
        <translation>已取消：完成了 %2 个测量点中的 %1 个</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>%1, %2 failed</source>
        <translation>%1，%2 个失败</translation>
    </message>
    <message>
        <source>Stopped after %1 of %2 points: %3</source>
        <translation>测完 %2 个点中的 %1 个后停止：%3</translation>
    </message>
    <message>
        <source>Machine probed: %1</source>
        <translation>已探测本机：%1</translation>
    </message>
    <message>
        <source>Machine probed: %1; bandwidth %2, measured %3 (cached)</source>
        <translation>已探测本机：%1；带宽 %2，测量于 %3（已缓存）</translation>
    </message>
    <message>
        <source>Machine probed: %1; bandwidth %2, measured %3</source>
        <translation>已探测本机：%1；带宽 %2，测量于 %3</translation>
    </message>
    <message>
        <source>%1 (not kept for the next start: %2)</source>
        <translation>%1（未能保存以供下次启动使用：%2）</translation>
    </message>
</context>
<context>
    <name>Prompts</name>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The session “%1” has measurements that are not saved. Save them?</source>
        <translation>会话“%1”中有尚未保存的测量结果。要保存吗？</translation>
    </message>
    <message>
        <source>Recover measurements</source>
        <translation>恢复测量结果</translation>
    </message>
    <message>
        <source>AccelLab did not close cleanly last time. Recover the measurements it auto-saved in %1?</source>
        <translation>AccelLab 上次未正常关闭。要恢复自动保存在 %1 中的测量结果吗？</translation>
    </message>
    <message>
        <source>Delete run</source>
        <translation>删除运行</translation>
    </message>
    <message>
        <source>Delete the run “%1” and its measurements from the session?</source>
        <translation>要从会话中删除运行“%1”及其测量结果吗？</translation>
    </message>
    <message>
        <source>Image size</source>
        <translation>图像尺寸</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>宽度(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation>高度(&amp;H)：</translation>
    </message>
    <message>
        <source>Run in progress</source>
        <translation>正在运行</translation>
    </message>
    <message>
        <source>A run is in progress: stop it and quit?

The points measured so far are kept.</source>
        <translation>有运行正在进行：要停止它并退出吗？

已测量的点会保留。</translation>
    </message>
    <message>
        <source>Run ended</source>
        <translation>运行已结束</translation>
    </message>
    <message>
        <source>The run has ended: quit now?

Its points are kept.</source>
        <translation>运行已结束：现在退出吗？

它的点会保留。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>AccelLab sessions and Google Benchmark JSON (*.json);;All files (*)</source>
        <translation>AccelLab 会话和 Google Benchmark JSON (*.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>ResultsLoader</name>
    <message>
        <source>%1: not enough memory to read it</source>
        <translation>%1：内存不足，无法读取</translation>
    </message>
</context>
<context>
    <name>RunSetting</name>
    <message>
        <source>&amp;Repetitions:</source>
        <translation>重复次数(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Minimum time:</source>
        <translation>最短时间(&amp;M)：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>seconds of timed repetitions per point, at least</source>
        <translation>每个测量点计时重复的累计时长下限（秒）</translation>
    </message>
    <message>
        <source>Ma&amp;ximum time:</source>
        <translation>最长时间(&amp;X)：</translation>
    </message>
    <message>
        <source>&amp;Unstable above:</source>
        <translation>不稳定阈值(&amp;U)：</translation>
    </message>
    <message>
        <source> % MAD</source>
        <translation> % MAD</translation>
    </message>
    <message>
        <source>C&amp;old above:</source>
        <translation>冷启动阈值(&amp;O)：</translation>
    </message>
    <message>
        <source>× median</source>
        <translation>× 中位数</translation>
    </message>
    <message>
        <source>Re-r&amp;un unstable:</source>
        <translation>重测不稳定点(&amp;U)：</translation>
    </message>
    <message>
        <source> times</source>
        <translation> 次</translation>
    </message>
    <message>
        <source>Point t&amp;imeout:</source>
        <translation>单点超时(&amp;I)：</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>timed repetitions per point, at least, after an untimed warm-up run</source>
        <translation>每个测量点至少计时重复的次数（在一次不计时的预热运行之后）</translation>
    </message>
    <message>
        <source>repetitions after which a point stops repeating, at least --reps</source>
        <translation>测量点重复次数的上限，到达后停止重复（不少于 --reps）</translation>
    </message>
    <message>
        <source>seconds after which a point stops repeating, with one sample at least</source>
        <translation>测量点重复运行的时长上限（秒），到达后停止重复（至少保留一个样本）</translation>
    </message>
    <message>
        <source>seconds a sample lasts at least: faster runs are timed in batches (0: each alone)</source>
        <translation>一个样本至少持续的时长（秒）：更快的运行会成批计时（0：每次运行单独计时）</translation>
    </message>
    <message>
        <source>flag a point unstable when its samples&apos; MAD exceeds this share of their median</source>
        <translation>当测量点样本的中位数绝对偏差（MAD）超过其中位数的该比例时，标记为不稳定</translation>
    </message>
    <message>
        <source>flag a point cold when its first call (page faults, loading, compiling) took over N medians</source>
        <translation>当测量点的首次调用（缺页、加载、编译）耗时超过中位数的 N 倍时，标记为冷启动</translation>
    </message>
    <message>
        <source>measure unstable points again, up to K times each, keeping the steadiest</source>
        <translation>再次测量不稳定的测量点，每个最多 K 次，并保留最稳定的一次测量</translation>
    </message>
    <message>
        <source>seconds an isolated point may take before it fails as timed out and its worker ends</source>
        <translation>在工作进程中测量的点可用的时长（秒），超过即记为超时失败，其工作进程被结束</translation>
    </message>
</context>
<context>
    <name>SessionDocument</name>
    <message>
        <source>cannot write %1: not enough memory</source>
        <translation>无法写入 %1：内存不足</translation>
    </message>
</context>
<context>
    <name>Units</name>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>ns</source>
        <translation>ns</translation>
    </message>
</context>
<context>
    <name>accellab::gui::ChartPanel</name>
    <message>
        <source>Speedup &amp;baseline:</source>
        <translation>加速比基准(&amp;B)：</translation>
    </message>
    <message>
        <source>The variant whose 1-thread time the speedups are relative to</source>
        <translation>计算加速比时以该变体的单线程时间为基准</translation>
    </message>
    <message>
        <source>These benchmarks are not one piece of work done several ways: they have no speedup over one another (declare a kernel with the accellab module for that)</source>
        <translation>这些基准测试并不是用几种方式完成同一项工作：它们之间没有加速比（如需加速比，请用 accellab 模块声明一个内核）</translation>
    </message>
    <message>
        <source>&amp;GPU time:</source>
        <translation>GPU 时间(&amp;G)：</translation>
    </message>
    <message>
        <source>kernel only</source>
        <translation>仅内核</translation>
    </message>
    <message>
        <source>end to end (with copies)</source>
        <translation>端到端（含数据复制）</translation>
    </message>
    <message>
        <source>What the gpu variants&apos; times and speedups are: the kernel alone, or with the copies to and from the GPU (pinned memory)</source>
        <translation>gpu 变体的时间和加速比指什么：仅内核本身，还是包括与 GPU 之间的数据复制（锁页内存）</translation>
    </message>
    <message>
        <source>Nothing to export.</source>
        <translation>没有可导出的内容。</translation>
    </message>
</context>
<context>
    <name>accellab::gui::ChartView</name>
    <message>
        <source>GPU copy ceiling %1</source>
        <translation>GPU 复制带宽上限 %1</translation>
    </message>
    <message>
        <source>host copy ceiling %1</source>
        <translation>主机复制带宽上限 %1</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2 points (see the table for all)</source>
        <translation>显示 %2 个测量点中的前 %1 个（完整内容见表格）</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2 lines (see the table for all)</source>
        <translation>显示 %2 条曲线中的前 %1 条（完整内容见表格）</translation>
    </message>
    <message>
        <source>Lines show their first %1 points of up to %2 (see the table for all)</source>
        <translation>每条曲线最多显示 %2 个点中的前 %1 个（完整内容见表格）</translation>
    </message>
    <message>
        <source>%1 %2 MiB</source>
        <translation>%1 %2 MiB</translation>
    </message>
    <message>
        <source>%1 %2 KiB</source>
        <translation>%1 %2 KiB</translation>
    </message>
    <message>
        <source>Copy Values</source>
        <translation>复制数值</translation>
    </message>
    <message>
        <source>Show in Table</source>
        <translation>在表格中显示</translation>
    </message>
    <message>
        <source>Reset Zoom</source>
        <translation>重置缩放</translation>
    </message>
</context>
<context>
    <name>accellab::gui::ComparePanel</name>
    <message>
        <source>The run compared against</source>
        <translation>作为比较基准的运行</translation>
    </message>
    <message>
        <source>The run whose change is measured: new/base below 1 is faster</source>
        <translation>要衡量其变化的运行：新/基准小于 1 表示更快</translation>
    </message>
    <message>
        <source>Base:</source>
        <translation>基准：</translation>
    </message>
    <message>
        <source>New:</source>
        <translation>新：</translation>
    </message>
    <message>
        <source>Choose a run…</source>
        <translation>选择运行…</translation>
    </message>
    <message>
        <source>Pick two runs to compare: runs of this session, or of another one opened with File ▸ Compare With…</source>
        <translation>选择两个要比较的运行：可以是本会话中的运行，也可以是通过“文件 ▸ 与…比较”打开的另一个会话中的运行</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <source>— new/base below 1 is faster; a change counts at p &lt; %1 and over %2 %</source>
        <translation>—— 新/基准小于 1 表示更快；p &lt; %1 且变化超过 %2 % 时才算显著</translation>
    </message>
    <message>
        <source>1 warning about these runs: hover to read it</source>
        <translation>这些运行有 1 条警告：悬停查看</translation>
    </message>
    <message>
        <source>%1 warnings about these runs: hover to read them</source>
        <translation>这些运行有 %1 条警告：悬停查看</translation>
    </message>
</context>
<context>
    <name>accellab::gui::CudaSourceDialog</name>
    <message>
        <source>&amp;Compile and Add</source>
        <translation>编译并添加(&amp;C)</translation>
    </message>
    <message>
        <source>GPU Kernel from Source</source>
        <translation>从源代码添加 GPU 内核</translation>
    </message>
    <message>
        <source>The __global__ function template AccelLab instantiates for f32 and f64; also the variant&apos;s name</source>
        <translation>AccelLab 为 f32 和 f64 实例化的 __global__ 函数模板；也是该变体的名称</translation>
    </message>
    <message>
        <source>NVRTC&apos;s messages appear here.</source>
        <translation>NVRTC 的消息显示在这里。</translation>
    </message>
    <message>
        <source>Ctrl+Return</source>
        <translation>Ctrl+Return</translation>
    </message>
    <message>
        <source>Save the source, compile it with NVRTC and add it to the kernel&apos;s variants (Ctrl+Return); tick it in the panel to run it beside gpu</source>
        <translation>保存源代码，用 NVRTC 编译并加入该内核的变体（Ctrl+Return）；在面板中勾选它，即可与 gpu 一同运行</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Kernel:</source>
        <translation>内核(&amp;K)：</translation>
    </message>
    <message>
        <source>Signature:</source>
        <translation>签名：</translation>
    </message>
    <message>
        <source>&amp;Entry:</source>
        <translation>入口(&amp;E)：</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Open CUDA Source</source>
        <translation>打开 CUDA 源代码</translation>
    </message>
    <message>
        <source>CUDA sources (*.cu *.cuh);;All files (*)</source>
        <translation>CUDA 源代码 (*.cu *.cuh);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>无法保存 %1：%2</translation>
    </message>
    <message>
        <source>Compiling %1…</source>
        <translation>正在编译 %1…</translation>
    </message>
    <message>
        <source>%1 is not UTF-8: it is shown read-only (each byte that is not UTF-8 as �), and Compile and Add compiles the file as it is on disk, without rewriting it. To edit it here, save it as UTF-8 in another editor and open it again.</source>
        <translation>%1 不是 UTF-8 编码：以只读方式显示（非 UTF-8 的字节显示为 �），“编译并添加”会按磁盘上的原样编译该文件，不会改写它。若要在此编辑，请先在其他编辑器中将其另存为 UTF-8，再重新打开。</translation>
    </message>
    <message>
        <source>NVRTC&apos;s messages appear here. A source compiles on this machine, but its variant cannot run here: %1.</source>
        <translation>NVRTC 的消息显示在此处。源代码可以在本机编译，但其变体无法在此运行：%1。</translation>
    </message>
</context>
<context>
    <name>accellab::gui::EngineChoices</name>
    <message>
        <source>Plugins not loaded</source>
        <translation>未加载的插件</translation>
    </message>
    <message>
        <source>

File ▸ Plugins… lists them.</source>
        <translation>

文件 ▸ 插件… 中列出了它们。</translation>
    </message>
    <message>
        <source>Asking %1 which Python variants it can run…</source>
        <translation>正在询问 %1 能运行哪些 Python 变体…</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Unloading %1…</source>
        <translation>正在卸载 %1…</translation>
    </message>
    <message>
        <source>Load Kernel Plugin</source>
        <translation>加载内核插件</translation>
    </message>
    <message>
        <source>Kernel plugins (*.so);;All files (*)</source>
        <translation>内核插件 (*.so);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open Python Benchmarks</source>
        <translation>打开 Python 基准测试</translation>
    </message>
    <message>
        <source>Python benchmark files (*.py);;All files (*)</source>
        <translation>Python 基准测试文件 (*.py);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 is a variant of %2 now: tick it in the panel to run it beside gpu. Each point compiles it for its GPU; the compile and the load are its first-call cost.</source>
        <translation>%1 现在是 %2 的一个变体：在面板中勾选它，即可与 gpu 一同运行。每个测量点都会为其 GPU 编译它；编译和加载计入首次调用开销。</translation>
    </message>
    <message>
        <source>
It cannot run here: %1.</source>
        <translation>
它无法在此运行：%1。</translation>
    </message>
    <message>
        <source>Not now: a run, a probe or another change of the kernels is under way. Try again when it ends.</source>
        <translation>现在不行：正在运行、探测或更改内核。请在其结束后重试。</translation>
    </message>
    <message>
        <source>Compiling %1…</source>
        <translation>正在编译 %1…</translation>
    </message>
    <message>
        <source>Loaded %1: its functions joined the built-in kernels&apos; variants</source>
        <translation>已加载 %1：其函数已作为变体加入内置内核</translation>
    </message>
    <message>
        <source>Loaded %1: %2 (%3 selected)</source>
        <translation>已加载 %1：%2（已选中 %3）</translation>
    </message>
</context>
<context>
    <name>accellab::gui::ExperimentPanel</name>
    <message>
        <source>&amp;GPU:</source>
        <translation>GPU(&amp;G)：</translation>
    </message>
    <message>
        <source>Variants</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>The GPU the gpu variants run on</source>
        <translation>运行 gpu 变体的 GPU</translation>
    </message>
    <message>
        <source>Fill the sizes with a preset</source>
        <translation>用预设填写规模</translation>
    </message>
    <message>
        <source>Fixed thread count</source>
        <translation>固定线程数</translation>
    </message>
    <message>
        <source>Threads 1…N</source>
        <translation>线程数 1…N</translation>
    </message>
    <message>
        <source>Threaded variants run with N threads, or once for every count 1 to N</source>
        <translation>多线程变体以 N 个线程运行，或对 1 到 N 的每个线程数各运行一次</translation>
    </message>
    <message>
        <source>N: threads of the threaded variants, 1 to %2 (%1 logical cores here)</source>
        <translation>N：多线程变体的线程数，1 到 %2（本机有 %1 个逻辑核心）</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>&amp;Kernel:</source>
        <translation>内核(&amp;K)：</translation>
    </message>
    <message>
        <source>&amp;Sizes:</source>
        <translation>规模(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Presets:</source>
        <translation>预设(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Element type:</source>
        <translation>元素类型(&amp;E)：</translation>
    </message>
    <message>
        <source>Measurement</source>
        <translation>测量</translation>
    </message>
    <message>
        <source>S&amp;weep:</source>
        <translation>扫描(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Threads (N):</source>
        <translation>线程数 N(&amp;T)：</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>质量</translation>
    </message>
    <message>
        <source>Choose a preset…</source>
        <translation>选择预设…</translation>
    </message>
    <message>
        <source>Unavailable: %1</source>
        <translation>不可用：%1</translation>
    </message>
    <message>
        <source> (off by default: on the tutorial&apos;s array one run takes minutes)</source>
        <translation>（默认关闭：在教程的数组上运行一次需要几分钟）</translation>
    </message>
    <message>
        <source>No kernel selected.</source>
        <translation>未选择内核。</translation>
    </message>
    <message>
        <source>Enter at least one problem size.</source>
        <translation>请至少输入一个问题规模。</translation>
    </message>
    <message>
        <source>Choose at least one available variant.</source>
        <translation>请至少选择一个可用的变体。</translation>
    </message>
    <message>
        <source> and %1 of GPU memory</source>
        <translation>以及 %1 显存</translation>
    </message>
    <message>
        <source>Warning: %1 of %2 points will be skipped: the largest %3.</source>
        <translation>警告：%2 个测量点中有 %1 个将被跳过：最大的测量点 %3。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>PCI %1</source>
        <translation>PCI %1</translation>
    </message>
    <message>
        <source>%1 (not runnable)</source>
        <translation>%1（无法运行）</translation>
    </message>
    <message>
        <source>Measured elsewhere (an imported file): its results can be charted, but this build has no kernel %1 to run</source>
        <translation>在别处测量（导入的文件）：其结果可以绘制成图表，但此构建中没有可运行的内核 %1</translation>
    </message>
    <message>
        <source>%1 threads on 1 logical core: oversubscribed, times will not scale</source>
        <translation>%1 个线程运行在 1 个逻辑核心上：超额订阅，时间不会随线程数扩展</translation>
    </message>
    <message>
        <source>%1 threads on %2 logical cores: oversubscribed, times will not scale</source>
        <translation>%1 个线程运行在 %2 个逻辑核心上：超额订阅，时间不会随线程数扩展</translation>
    </message>
    <message>
        <source>&amp;Samples:</source>
        <translation>样本数(&amp;S)：</translation>
    </message>
    <message>
        <source>Comma-separated sample counts such as 1e4, 3e7, 1e9. Several counts make a size sweep.</source>
        <translation>以逗号分隔的样本数，如 1e4, 3e7, 1e9。填写多个样本数即进行规模扫描。</translation>
    </message>
    <message>
        <source>Comma-separated problem sizes: shapes Z×Y×X such as 1024x1024x512. Several sizes make a size sweep.</source>
        <translation>以逗号分隔的问题规模：形状 Z×Y×X，如 1024x1024x512。填写多个规模即进行规模扫描。</translation>
    </message>
    <message>
        <source>1e4, 3e7, 1e9</source>
        <translation>1e4, 3e7, 1e9</translation>
    </message>
    <message>
        <source>1024x1024x512</source>
        <translation>1024x1024x512</translation>
    </message>
    <message>
        <source>1 point</source>
        <translation>1 个测量点</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 个测量点</translation>
    </message>
    <message>
        <source>%1; no large buffers: each needs less than %2 of memory</source>
        <translation>%1；没有大缓冲区：每个所需内存均少于 %2</translation>
    </message>
    <message>
        <source>%1; the largest needs %2 of RAM (%3 available)</source>
        <translation>%1；最大的需要 %2 内存（可用 %3）</translation>
    </message>
    <message>
        <source>%1. Comma-separated values from %2 to %3; several make a sweep.</source>
        <translation>%1。逗号分隔的取值，范围 %2 到 %3；多个取值构成一次扫描。</translation>
    </message>
    <message>
        <source>%1. Runs across MPI ranks: launch it with mpirun -np N accellab-cli run --kernel %2 --variants %3 --ranks 1 N --out FILE, then open FILE here.</source>
        <translation>%1。在多个 MPI 进程上运行：用 mpirun -np N accellab-cli run --kernel %2 --variants %3 --ranks 1 N --out FILE 启动，再在这里打开 FILE。</translation>
    </message>
    <message>
        <source>go on with the next point</source>
        <translation>继续测下一个点</translation>
    </message>
    <message>
        <source>stop the run</source>
        <translation>停止本次运行</translation>
    </message>
    <message>
        <source>Every point is measured in a worker process: a crash or a hang fails only that point, with the reason. Going on, three crashes in a row still stop the run</source>
        <translation>每个点都在工作进程中测量：崩溃或卡死只会让该点失败并注明原因。选择继续时，连续三次崩溃仍会停止运行</translation>
    </message>
    <message>
        <source>If a point &amp;crashes:</source>
        <translation>某点崩溃时(&amp;C)：</translation>
    </message>
    <message>
        <source>Measured with %1, which is not loaded here: its results can be charted; load the plugin (ACCELLAB_PLUGIN_PATH or your plugins folder, docs/plugins.md) to run %2 again</source>
        <translation>由 %1 测得，但此处未加载该插件：其结果可以绘图；加载该插件（ACCELLAB_PLUGIN_PATH 或你的插件文件夹，见 docs/plugins.md）即可再次运行 %2</translation>
    </message>
    <message>
        <source>%1. Choose a kernel of this build to measure.</source>
        <translation>%1。请选择此构建中的内核进行测量。</translation>
    </message>
    <message>
        <source>%1. Comma-separated values among %2; several make a sweep.</source>
        <translation>%1。逗号分隔的值，可选：%2；多个值组成一次扫描。</translation>
    </message>
    <message>
        <source>Kernel %1 cannot run in this build.</source>
        <translation>此构建无法运行内核 %1。</translation>
    </message>
    <message>
        <source>The run measured %1 element types; the panel takes one: %2.</source>
        <translation>该运行测量了 %1 种元素类型；面板只能选一种：%2。</translation>
    </message>
    <message>
        <source>Variant %1 cannot run here: %2</source>
        <translation>变体 %1 无法在此运行：%2</translation>
    </message>
    <message>
        <source>The run measured %1 threads; the panel sweeps every count from 1 to %2.</source>
        <translation>该运行测量了 %1 个线程；面板会扫描从 1 到 %2 的每个线程数。</translation>
    </message>
    <message>
        <source>%1 threads is more than the panel takes (at most %2).</source>
        <translation>%1 个线程超出面板上限（最多 %2）。</translation>
    </message>
    <message>
        <source>The run&apos;s inputs were drawn with seed %1; the panel always uses %2.</source>
        <translation>该运行的输入使用种子 %1 生成；面板始终使用 %2。</translation>
    </message>
</context>
<context>
    <name>accellab::gui::FirstCallChart</name>
    <message>
        <source>First call against steady state</source>
        <translation>首次调用与稳态对比</translation>
    </message>
    <message>
        <source>no first call recorded</source>
        <translation>没有记录首次调用</translation>
    </message>
    <message>
        <source>Run an experiment to see what the first call of every variant costs.</source>
        <translation>运行一次实验，即可查看每个变体首次调用的开销。</translation>
    </message>
    <message>
        <source>time per run (%1, log)</source>
        <translation>每次运行时间（%1，对数）</translation>
    </message>
    <message>
        <source>first call %1 = %2 the median %3</source>
        <translation>首次调用 %1 = 中位数 %3 的 %2</translation>
    </message>
    <message>
        <source>first call (warm-up)</source>
        <translation>首次调用（预热）</translation>
    </message>
    <message>
        <source>median (steady state)</source>
        <translation>中位数（稳态）</translation>
    </message>
    <message>
        <source>First call</source>
        <translation>首次调用</translation>
    </message>
    <message>
        <source>The first call of every point (page faults, loading, a JIT compile) beside its median.</source>
        <translation>每个测量点的首次调用（缺页、加载、JIT 编译），与其中位数并列显示。</translation>
    </message>
</context>
<context>
    <name>accellab::gui::GpuBreakdownChart</name>
    <message>
        <source>Where the time goes</source>
        <translation>时间花在哪里</translation>
    </message>
    <message>
        <source>Run an experiment with the gpu variant to see transfer costs.</source>
        <translation>运行包含 gpu 变体的实验，即可查看数据传输开销。</translation>
    </message>
    <message>
        <source>No GPU points in the runs shown: %1</source>
        <translation>所显示的运行中没有 GPU 测量点：%1</translation>
    </message>
    <message>
        <source>gpu variant not run</source>
        <translation>未运行 gpu 变体</translation>
    </message>
    <message>
        <source>variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>time per run (%1)</source>
        <translation>每次运行时间（%1）</translation>
    </message>
    <message>
        <source>host → device</source>
        <translation>主机 → 设备</translation>
    </message>
    <message>
        <source>GPU kernel</source>
        <translation>GPU 内核</translation>
    </message>
    <message>
        <source>device → host</source>
        <translation>设备 → 主机</translation>
    </message>
    <message>
        <source>CPU end-to-end</source>
        <translation>CPU 端到端</translation>
    </message>
    <message>
        <source>GPU breakdown</source>
        <translation>GPU 时间分解</translation>
    </message>
    <message>
        <source>%1
host → device %2, kernel %3, device → host %4</source>
        <translation>%1
主机 → 设备 %2，内核 %3，设备 → 主机 %4</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>锁页内存</translation>
    </message>
    <message>
        <source>pageable</source>
        <translation>可分页内存</translation>
    </message>
    <message>
        <source>A gpu point&apos;s copies to and from the device beside its kernel time, from pinned and from pageable memory, next to the CPU variants&apos; time.</source>
        <translation>gpu 测量点与设备之间的数据复制时间（分别来自锁页内存和可分页内存），与其内核时间并列，并与 CPU 变体的时间对照。</translation>
    </message>
</context>
<context>
    <name>accellab::gui::InsightsPanel</name>
    <message>
        <source>%1, run %2</source>
        <translation>%1，运行 %2</translation>
    </message>
    <message>
        <source>Show the evidence</source>
        <translation>查看依据</translation>
    </message>
    <message>
        <source>Why the variants shown are fast or slow, from their own numbers (docs/insights.md).</source>
        <translation>根据所显示变体自身的测量数据，说明它们为何快或慢（docs/insights.md）。</translation>
    </message>
    <message>
        <source>No findings: they need a variant near a ceiling or far below both, a thread sweep (threads 1…N), sizes on both sides of a cache, loop-strided beside loop, Python beside C++, a cold first call, a gpu point, or two runs of the kernel shown.</source>
        <translation>没有发现：需要一个接近上限或远低于两条屋顶线的变体、一次线程扫描（1…N 个线程）、跨越某级缓存两侧的规模、与 loop 并列的 loop-strided、与 C++ 并列的 Python、一次冷的首次调用、一个 gpu 测量点，或所显示内核的两次运行。</translation>
    </message>
</context>
<context>
    <name>accellab::gui::MainWindow</name>
    <message>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>1 system warning: see System</source>
        <translation>1 条系统警告：见“系统”</translation>
    </message>
    <message>
        <source>%1 system warnings: see System</source>
        <translation>%1 条系统警告：见“系统”</translation>
    </message>
    <message>
        <source>Run failed</source>
        <translation>运行失败</translation>
    </message>
    <message>
        <source>Cannot run</source>
        <translation>无法运行</translation>
    </message>
    <message>
        <source>%1[*] — AccelLab</source>
        <translation>%1[*] — AccelLab</translation>
    </message>
    <message>
        <source>Measure the experiment (F5)</source>
        <translation>测量该实验 (F5)</translation>
    </message>
    <message>
        <source>Run cancelled before it started</source>
        <translation>运行在开始前已取消</translation>
    </message>
    <message>
        <source>Cannot load</source>
        <translation>无法加载</translation>
    </message>
    <message>
        <source>Cannot run again</source>
        <translation>无法再次运行</translation>
    </message>
    <message>
        <source>The run measured the kernels %1; the panel measures one at a time: %2.</source>
        <translation>该运行测量了内核 %1；面板一次只测量一个：%2。</translation>
    </message>
    <message>
        <source>Run Again</source>
        <translation>再次运行</translation>
    </message>
    <message>
        <source>The Experiment panel now holds run %1&apos;s settings, except:

• %2

Check them, then press Run.</source>
        <translation>“实验”面板现在填入了运行 %1 的设置，但以下几项除外：

• %2

请检查后按“运行”。</translation>
    </message>
    <message>
        <source>Cannot measure again</source>
        <translation>无法再次测量</translation>
    </message>
    <message>
        <source>The kernel %1 is not loaded in the window (a plugin or Python file not opened now).</source>
        <translation>窗口中没有加载内核 %1（其插件或 Python 文件当前未打开）。</translation>
    </message>
</context>
<context>
    <name>accellab::gui::PluginsDialog</name>
    <message>
        <source>&amp;Load…</source>
        <translation>加载(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>Kernel Plugins</source>
        <translation>内核插件</translation>
    </message>
    <message>
        <source>Plugin</source>
        <translation>插件</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>Load a kernel plugin (a .so built against AccelLab&apos;s SDK, docs/plugins.md); it is loaded again at the next start</source>
        <translation>加载内核插件（基于 AccelLab SDK 构建的 .so，见 docs/plugins.md）；下次启动时会再次加载</translation>
    </message>
    <message>
        <source>Stop loading the selected plugin (only those loaded here: the others come from ACCELLAB_PLUGIN_PATH or your plugins folder)</source>
        <translation>不再加载所选插件（仅限在此加载的插件：其他插件来自 ACCELLAB_PLUGIN_PATH 或你的插件文件夹）</translation>
    </message>
    <message>
        <source>Plugins come from ACCELLAB_PLUGIN_PATH, your plugins folder (~/.local/share/accellab/plugins) and File ▸ Load Kernel Plugin…. Each point of a plugin&apos;s kernel is measured in a worker process, so a crash costs only its point; every run records the plugin&apos;s version and SHA-256.</source>
        <translation>插件来自 ACCELLAB_PLUGIN_PATH、你的插件文件夹（~/.local/share/accellab/plugins）以及“文件 ▸ 加载内核插件…”。插件内核的每个测量点都在工作进程中测量，因此崩溃只会让该点失败；每次运行都会记录插件的版本和 SHA-256。</translation>
    </message>
    <message>
        <source>loaded here</source>
        <translation>在此加载</translation>
    </message>
    <message>
        <source>plugin path or folder</source>
        <translation>插件路径或文件夹</translation>
    </message>
    <message>
        <source>not computed (built without OpenSSL)</source>
        <translation>未计算（构建时没有 OpenSSL）</translation>
    </message>
    <message>
        <source>not loaded</source>
        <translation>未加载</translation>
    </message>
</context>
<context>
    <name>accellab::gui::PythonDialog</name>
    <message>
        <source>Python Interpreter</source>
        <translation>Python 解释器</translation>
    </message>
    <message>
        <source>python3 from PATH</source>
        <translation>PATH 中的 python3</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Not asked yet.</source>
        <translation>尚未询问。</translation>
    </message>
    <message>
        <source>&amp;Interpreter:</source>
        <translation>解释器(&amp;I)：</translation>
    </message>
    <message>
        <source>In use:</source>
        <translation>正在使用：</translation>
    </message>
    <message>
        <source>ACCELLAB_PYTHON is set in the environment AccelLab was started in, and decides: unset it to choose here.</source>
        <translation>启动 AccelLab 的环境中设置了 ACCELLAB_PYTHON，由它决定：取消设置后才能在此选择。</translation>
    </message>
    <message>
        <source>The python3 that runs the Python variants (python-loop, numpy, numba, dask, numba-cuda). Which of them can run depends on the NumPy, Numba and Dask it has: Debian&apos;s python3-numpy, python3-numba and python3-dask install for /usr/bin/python3. Empty: python3 from PATH.</source>
        <translation>运行 Python 变体（python-loop、numpy、numba、dask、numba-cuda）的 python3。哪些变体能运行取决于它拥有的 NumPy、Numba 和 Dask：Debian 的 python3-numpy、python3-numba 和 python3-dask 安装给 /usr/bin/python3。留空：使用 PATH 中的 python3。</translation>
    </message>
</context>
<context>
    <name>accellab::gui::RankScalingChart</name>
    <message>
        <source>Rank scaling</source>
        <translation>进程扩展性</translation>
    </message>
    <message>
        <source>Open a session of a distributed variant measured at several rank counts: mpirun -np 4 accellab-cli run --kernel pi --variants mpi --ranks 1 2 4 --out FILE</source>
        <translation>打开一个在多个进程数下测量的分布式变体会话：mpirun -np 4 accellab-cli run --kernel pi --variants mpi --ranks 1 2 4 --out FILE</translation>
    </message>
    <message>
        <source>Rank scaling, strong (fixed total problem)</source>
        <translation>进程扩展性，强扩展（总问题规模固定）</translation>
    </message>
    <message>
        <source>Rank scaling, weak (fixed problem per rank)</source>
        <translation>进程扩展性，弱扩展（每个进程的问题规模固定）</translation>
    </message>
    <message>
        <source>no 1-rank time to compare with</source>
        <translation>没有可供比较的单进程时间</translation>
    </message>
    <message>
        <source>Not drawn: %1, measured with the other scaling</source>
        <translation>未绘制：%1，以另一种扩展方式测量</translation>
    </message>
    <message>
        <source>MPI ranks</source>
        <translation>MPI 进程数</translation>
    </message>
    <message>
        <source>speedup over 1 rank (×)</source>
        <translation>相对单进程的加速比（×）</translation>
    </message>
    <message>
        <source>parallel efficiency, t(1 rank) / t(N) (%)</source>
        <translation>并行效率，t(1 个进程) / t(N)（%）</translation>
    </message>
    <message>
        <source>1 rank: speedup %2 over 1 rank, parallel efficiency %3</source>
        <translation>1 个进程：相对单进程加速比 %2，并行效率 %3</translation>
    </message>
    <message>
        <source>%1 ranks: speedup %2 over 1 rank, parallel efficiency %3</source>
        <translation>%1 个进程：相对单进程加速比 %2，并行效率 %3</translation>
    </message>
    <message>
        <source>rank %1: %2</source>
        <translation>进程 %1：%2</translation>
    </message>
    <message>
        <source>each rank&apos;s median: %1</source>
        <translation>各进程的中位数：%1</translation>
    </message>
    <message>
        <source>fastest to slowest rank</source>
        <translation>最快到最慢的进程</translation>
    </message>
    <message>
        <source>ideal (speedup = ranks)</source>
        <translation>理想（加速比 = 进程数）</translation>
    </message>
    <message>
        <source>ideal (100 %)</source>
        <translation>理想（100 %）</translation>
    </message>
    <message>
        <source>An MPI variant&apos;s speedup (strong scaling) or efficiency (weak scaling) against ranks, from runs made under mpirun.</source>
        <translation>MPI 变体的加速比（强扩展）或效率（弱扩展）随进程数的变化，数据来自在 mpirun 下进行的运行。</translation>
    </message>
</context>
<context>
    <name>accellab::gui::ResultsPane</name>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Insights</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Insights (%1)</source>
        <translation>分析（%1）</translation>
    </message>
    <message numerus="yes">
        <source>%n system warning(s) recorded as the run started</source>
        <translation>
            <numerusform>运行开始时记录了 %n 条系统警告</numerusform>
        </translation>
    </message>
    <message>
        <source>Filter rows: words each row holds (variant, problem, status…)</source>
        <translation>筛选行：每行都包含的词（变体、问题、状态…）</translation>
    </message>
    <message>
        <source>Filter the results</source>
        <translation>筛选结果</translation>
    </message>
    <message>
        <source>Open %1 (line %2)</source>
        <translation>打开 %1（第 %2 行）</translation>
    </message>
    <message>
        <source>Select a row: what its code printed shows here.</source>
        <translation>选择一行：其代码打印的内容显示在这里。</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>1 thread</source>
        <translation>1 个线程</translation>
    </message>
    <message>
        <source>%1 threads</source>
        <translation>%1 个线程</translation>
    </message>
    <message>
        <source>Measure Again as a New Run</source>
        <translation>作为新运行再次测量</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>Printed nothing (or ran in this process, whose output is the terminal&apos;s).</source>
        <translation>没有打印任何内容（或在本进程中运行，其输出在终端）。</translation>
    </message>
</context>
<context>
    <name>accellab::gui::RooflineChart</name>
    <message>
        <source>%1 %2 GPU %3 %4</source>
        <translation>%1 %2 GPU %3 %4</translation>
    </message>
    <message>
        <source>%1 %2 1 thread %3</source>
        <translation>%1 %2 单线程 %3</translation>
    </message>
    <message>
        <source>%1 %2 ×%3 threads %4</source>
        <translation>%1 %2 ×%3 线程 %4</translation>
    </message>
    <message>
        <source>no roof measured</source>
        <translation>未测得屋顶</translation>
    </message>
    <message>
        <source>%1 of the roof above it (%2)</source>
        <translation>达到其上方屋顶的 %1（%2）</translation>
    </message>
    <message>
        <source>above every roof: %1 of the highest (%2)</source>
        <translation>高于所有屋顶：为最高屋顶的 %1（%2）</translation>
    </message>
    <message>
        <source>the GPU in %1</source>
        <translation>%1 中的 GPU</translation>
    </message>
    <message>
        <source>the host in %1</source>
        <translation>%1 中的主机</translation>
    </message>
    <message>
        <source>No roof measured for %1.</source>
        <translation>%1 未测得任何屋顶。</translation>
    </message>
    <message>
        <source>Compute roofs not measured for %1 (an older session): only the bandwidth roof is drawn.</source>
        <translation>%1 未测得计算屋顶（较早的会话）：只绘制带宽屋顶。</translation>
    </message>
    <message>
        <source>Bandwidth ceiling not measured for %1: its compute roofs are drawn flat.</source>
        <translation>%1 未测得带宽上限：其计算屋顶画为水平线。</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>屋顶线</translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) moved no memory: no finite arithmetic intensity, not plotted.</source>
        <translation>
            <numerusform>%n 个测量点没有内存访问：算术强度不是有限值，未绘制。</numerusform>
        </translation>
    </message>
    <message>
        <source>No point of this kernel counted its floating-point operations: run a kernel that counts FLOPs to see it under the machine&apos;s roofs.</source>
        <translation>此内核没有任何测量点统计浮点运算：运行一个统计 FLOP 的内核，即可看到它在本机屋顶下的位置。</translation>
    </message>
    <message>
        <source>arithmetic intensity (FLOP/B, log)</source>
        <translation>算术强度（FLOP/B，对数）</translation>
    </message>
    <message>
        <source>performance (GFLOP/s, log)</source>
        <translation>性能（GFLOP/s，对数）</translation>
    </message>
    <message>
        <source>%1
intensity %2 FLOP/B, %3
%4</source>
        <translation>%1
算术强度 %2 FLOP/B，%3
%4</translation>
    </message>
    <message>
        <source>L%1 roof ×%2 %3</source>
        <translation>L%1 带宽上限 ×%2 %3</translation>
    </message>
    <message>
        <source>No point of this kernel was measured: nothing to place under the roofs.</source>
        <translation>此内核没有任何点被测量：没有可放在上限之下的点。</translation>
    </message>
    <message>
        <source>Each point&apos;s FLOP rate against its arithmetic intensity, under the machine&apos;s measured roofs: memory&apos;s and each cache&apos;s copy bandwidth, and the FMA peak of each instruction set.</source>
        <translation>每个测量点的浮点运算速率与其算术强度的关系，画在本机实测的屋顶之下：内存与各级缓存的复制带宽，以及各指令集的 FMA 峰值。</translation>
    </message>
    <message>
        <source>(no higher on more threads: the machine was busy when it was measured; re-measure it)</source>
        <translation>（线程更多却没有更高：测量时本机正忙；请重新测量）</translation>
    </message>
</context>
<context>
    <name>accellab::gui::RunController</name>
    <message numerus="yes">
        <source>Starting %n point(s)…</source>
        <translation>
            <numerusform>正在开始 %n 个测量点…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Re-running %n unstable point(s) of run %1…</source>
        <translation>
            <numerusform>正在重新测量运行 %1 中 %n 个不稳定的点…</numerusform>
        </translation>
    </message>
    <message>
        <source> (re-run of run %1; still unstable: %2)</source>
        <translation> （重新测量了运行 %1；仍不稳定：%2）</translation>
    </message>
    <message>
        <source>%1: run %2 of %3, %4</source>
        <translation>%1：第 %2 次运行（共 %3 次），%4</translation>
    </message>
</context>
<context>
    <name>accellab::gui::RunStatus</name>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
</context>
<context>
    <name>accellab::gui::RunsModel</name>
    <message>
        <source>Measured by %1</source>
        <translation>测量者：%1</translation>
    </message>
    <message>
        <source>Shown in the charts and the results table when checked</source>
        <translation>勾选后在图表和结果表中显示</translation>
    </message>
    <message>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>points</source>
        <translation>测量点</translation>
    </message>
    <message>
        <source>flagged</source>
        <translation>已标记</translation>
    </message>
    <message>
        <source>Kernel from %1</source>
        <translation>内核来自 %1</translation>
    </message>
    <message>
        <source>Variant %1 from %2</source>
        <translation>变体 %1 来自 %2</translation>
    </message>
</context>
<context>
    <name>accellab::gui::RunsPanel</name>
    <message>
        <source>Check the runs to show in the charts and the results table; double-click a name to rename the run</source>
        <translation>勾选要在图表和结果表中显示的运行；双击名称可重命名运行</translation>
    </message>
</context>
<context>
    <name>accellab::gui::ScalingChart</name>
    <message>
        <source>Thread scaling</source>
        <translation>线程扩展性</translation>
    </message>
    <message>
        <source>Choose the sweep mode “threads 1…N” to see scaling.</source>
        <translation>选择扫描方式“线程数 1…N”即可查看扩展性。</translation>
    </message>
    <message>
        <source>speedup over 1 thread (×)</source>
        <translation>相对单线程的加速比（×）</translation>
    </message>
    <message>
        <source>%1
%2 over 1 thread in %3</source>
        <translation>%1
在 %3 中为单线程的 %2</translation>
    </message>
    <message>
        <source>ideal (linear)</source>
        <translation>理想（线性）</translation>
    </message>
    <message>
        <source>Amdahl fit: serial fraction %1</source>
        <translation>Amdahl 拟合：串行比例 %1</translation>
    </message>
    <message>
        <source>Amdahl&apos;s law fitted to the median times of %1 in %2:
serial fraction %3, 1-thread time %4, R² %5, RMS error %6
speedup at most %7</source>
        <translation>按 Amdahl 定律拟合 %1 在 %2 中的中位时间：
串行比例 %3，单线程时间 %4，R² %5，均方根误差 %6
加速比上限 %7</translation>
    </message>
    <message>
        <source>unbounded</source>
        <translation>无上限</translation>
    </message>
    <message>
        <source>threads (cores used where more)</source>
        <translation>线程（多用核心时为实际核心数）</translation>
    </message>
    <message>
        <source>Speedup over one thread against threads, beside the ideal line, with Amdahl&apos;s law fitted to each variant (its serial fraction in the legend); a point whose process kept more cores busy than it declared sits at the cores it used. A problem below the machine&apos;s split crossover (the System tab&apos;s Splitting line) runs on one thread, and its note says so.</source>
        <translation>相对单线程的加速比随线程数的变化，并与理想直线对照，每个变体都拟合了阿姆达尔定律（图例中给出其串行比例）；进程实际占用的核心多于其声明线程数的测量点，画在它实际使用的核心数处。问题规模小于本机的拆分交叉点（“系统”标签页的“多线程拆分”一行）时只在一个线程上运行，其备注会说明这一点。</translation>
    </message>
    <message>
        <source>Amdahl fits (hover for the serial fraction)</source>
        <translation>阿姆达尔拟合（悬停查看串行比例）</translation>
    </message>
</context>
<context>
    <name>accellab::gui::SessionCommands</name>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Cannot open session</source>
        <translation>无法打开会话</translation>
    </message>
    <message>
        <source>Recovered the autosaved session</source>
        <translation>已恢复自动保存的会话</translation>
    </message>
    <message>
        <source>Cannot recover</source>
        <translation>无法恢复</translation>
    </message>
    <message>
        <source>Autosave failed, trying again after the next change; the results are kept in the window: %1</source>
        <translation>自动保存失败，将在下次更改后重试；结果仍保留在窗口中：%1</translation>
    </message>
    <message>
        <source>Autosave works again</source>
        <translation>自动保存已恢复正常</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Cannot compare</source>
        <translation>无法比较</translation>
    </message>
    <message>
        <source>Compare With</source>
        <translation>与…比较</translation>
    </message>
    <message>
        <source>Cannot save session</source>
        <translation>无法保存会话</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Cannot export chart</source>
        <translation>无法导出图表</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Cannot export charts</source>
        <translation>无法导出图表</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n file(s) to %1</source>
        <translation>
            <numerusform>已将 %n 个文件导出到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot export results</source>
        <translation>无法导出结果</translation>
    </message>
    <message>
        <source>Export Chart as PNG</source>
        <translation>将图表导出为 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Export Chart as SVG</source>
        <translation>将图表导出为 SVG</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Export All Charts</source>
        <translation>导出全部图表</translation>
    </message>
    <message>
        <source>Export Results as CSV</source>
        <translation>将结果导出为 CSV</translation>
    </message>
    <message>
        <source>Export Results as Markdown</source>
        <translation>将结果导出为 Markdown</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Markdown files (*.md)</source>
        <translation>Markdown 文件 (*.md)</translation>
    </message>
    <message>
        <source>Exported the table to %1 (rows: %2; run %3%4)</source>
        <translation>已将表格导出到 %1（行数：%2；运行 %3%4）</translation>
    </message>
</context>
<context>
    <name>accellab::gui::SessionDocument</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
</context>
<context>
    <name>accellab::gui::SettingFields</name>
    <message>
        <source>%1 %2 cannot be entered in the panel; it took %3.</source>
        <translation>面板无法输入 %1 %2；已改为 %3。</translation>
    </message>
    <message>
        <source>%1 %2 came from the command line; the panel has no field for it and runs with %3.</source>
        <translation>%1 %2 来自命令行；面板没有对应字段，将使用 %3 运行。</translation>
    </message>
</context>
<context>
    <name>accellab::gui::ShortcutsDialog</name>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
</context>
<context>
    <name>accellab::gui::SpeedupChart</name>
    <message>
        <source>Speedup</source>
        <translation>加速比</translation>
    </message>
    <message>
        <source>Speedup over %1</source>
        <translation>相对 %1 的加速比</translation>
    </message>
    <message>
        <source>no ok 1-thread %1 point in its run</source>
        <translation>所在运行中没有成功的单线程 %1 测量点</translation>
    </message>
    <message>
        <source>Needs an ok 1-thread point of the baseline variant in the same problem and run.</source>
        <translation>需要同一问题规模和同一运行中基准变体的一个成功的单线程测量点。</translation>
    </message>
    <message>
        <source>speedup (×, log)</source>
        <translation>加速比（×，对数）</translation>
    </message>
    <message>
        <source>speedup</source>
        <translation>加速比</translation>
    </message>
    <message>
        <source>%1 over the median of %2 in %3 (this median: %4)</source>
        <translation>在 %3 中为 %2 中位数的 %1（本中位数：%4）</translation>
    </message>
    <message>
        <source>Each variant&apos;s speedup over the chosen baseline variant (default loop), with its value on the bar.</source>
        <translation>每个变体相对于所选基准变体（默认为 loop）的加速比，数值标在柱上。</translation>
    </message>
</context>
<context>
    <name>accellab::gui::SystemProbe</name>
    <message>
        <source>Re-measuring the machine&apos;s bandwidth…</source>
        <translation>正在重新测量本机带宽…</translation>
    </message>
    <message>
        <source>Probing the machine…</source>
        <translation>正在探测本机…</translation>
    </message>
    <message>
        <source>Measuring the machine&apos;s bandwidth (first start on this machine)…</source>
        <translation>正在测量本机带宽（首次在本机上启动）…</translation>
    </message>
    <message>
        <source>Measuring the machine&apos;s bandwidth (the machine changed since it was last measured)…</source>
        <translation>正在测量本机带宽（自上次测量以来本机已有变化）…</translation>
    </message>
    <message>
        <source>Measuring the machine&apos;s bandwidth (AccelLab changed since it was last measured)…</source>
        <translation>正在测量本机带宽（自上次测量以来 AccelLab 已有变化）…</translation>
    </message>
    <message>
        <source>Measuring the machine&apos;s bandwidth (the last measurement could not be read)…</source>
        <translation>正在测量本机带宽（无法读取上次的测量结果）…</translation>
    </message>
    <message>
        <source>Measuring the machine&apos;s bandwidth (the cached measurement is implausible: %1)…</source>
        <translation>正在测量本机带宽（缓存的测量结果不合理：%1）…</translation>
    </message>
    <message>
        <source>Measuring the machine&apos;s bandwidth again (the last measurement was taken while the machine was busy; it is quiet now)…</source>
        <translation>正在重新测量本机带宽（上次测量时机器繁忙，现在已空闲）…</translation>
    </message>
</context>
<context>
    <name>accellab::gui::SystemView</name>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Warning: </source>
        <translation>警告：</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Logical cores</source>
        <translation>逻辑核心</translation>
    </message>
    <message>
        <source>SIMD targets</source>
        <translation>SIMD 目标</translation>
    </message>
    <message>
        <source>SIMD selected</source>
        <translation>所选 SIMD</translation>
    </message>
    <message>
        <source>L%1 %2 cache</source>
        <translation>L%1 %2 缓存</translation>
    </message>
    <message>
        <source>BLAS</source>
        <translation>BLAS</translation>
    </message>
    <message>
        <source>%1, core %2</source>
        <translation>%1，核心 %2</translation>
    </message>
    <message>
        <source>%1 (Highway target %2)</source>
        <translation>%1（Highway 目标 %2）</translation>
    </message>
    <message>
        <source>%1 (from CPUID: sysfs lists no caches here)</source>
        <translation>%1（来自 CPUID：此系统的 sysfs 未列出缓存）</translation>
    </message>
    <message>
        <source>RAM</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>%1 total, %2 available</source>
        <translation>共 %1，可用 %2</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPU %1 (used)</source>
        <translation>GPU %1（使用中）</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>%1, %2 SMs, %3, compute capability %4</source>
        <translation>%1，%2 个 SM，%3，计算能力 %4</translation>
    </message>
    <message>
        <source>%1 copy ceiling</source>
        <translation>%1 复制带宽上限</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>%1 driver / runtime</source>
        <translation>%1 驱动 / 运行时</translation>
    </message>
    <message>
        <source>none: %1</source>
        <translation>无：%1</translation>
    </message>
    <message>
        <source>OS</source>
        <translation>操作系统</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>系统内核</translation>
    </message>
    <message>
        <source>Compiler</source>
        <translation>编译器</translation>
    </message>
    <message>
        <source>Compiler flags</source>
        <translation>编译选项</translation>
    </message>
    <message>
        <source>Build type</source>
        <translation>构建类型</translation>
    </message>
    <message>
        <source>OpenMP</source>
        <translation>OpenMP</translation>
    </message>
    <message>
        <source>not built</source>
        <translation>未构建</translation>
    </message>
    <message>
        <source>Bandwidth ceiling</source>
        <translation>带宽上限</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Property</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>探测</translation>
    </message>
    <message>
        <source>Probing the machine and measuring memory bandwidth…</source>
        <translation>正在探测本机并测量内存带宽…</translation>
    </message>
    <message>
        <source>Differs between the two machines</source>
        <translation>两台机器之间有差异</translation>
    </message>
    <message>
        <source>Compute ceilings</source>
        <translation>计算上限</translation>
    </message>
    <message>
        <source>MPI library</source>
        <translation>MPI 库</translation>
    </message>
    <message>
        <source>MPI launch</source>
        <translation>MPI 启动</translation>
    </message>
    <message>
        <source>%1 ranks on %2 nodes, strong scaling (fixed total problem)</source>
        <translation>%2 个节点上的 %1 个进程，强扩展（总问题规模固定）</translation>
    </message>
    <message>
        <source>%1 ranks on %2 nodes, weak scaling (fixed problem per rank)</source>
        <translation>%2 个节点上的 %1 个进程，弱扩展（每个进程的问题规模固定）</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>%1: %2, %3 logical cores, %4 RAM, bandwidth ceiling %5, GPUs: %6</source>
        <translation>%1：%2，%3 个逻辑核心，内存 %4，带宽上限 %5，GPU：%6</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>CPU clock</source>
        <translation>CPU 频率</translation>
    </message>
    <message>
        <source>%1 MHz (as stated, not measured)</source>
        <translation>%1 MHz（系统标称，未测量）</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Load average</source>
        <translation>平均负载</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>not asked</source>
        <translation>未询问</translation>
    </message>
    <message>
        <source>Stores</source>
        <translation>存储方式</translation>
    </message>
    <message>
        <source>streaming from %1 touched (%2)</source>
        <translation>访问量达 %1 起使用流式存储（%2）</translation>
    </message>
    <message>
        <source>Splitting</source>
        <translation>多线程拆分</translation>
    </message>
    <message>
        <source>2 threads from %1 touched (%2)</source>
        <translation>访问量达 %1 起使用 2 个线程（%2）</translation>
    </message>
    <message>
        <source>Cache roofs</source>
        <translation>缓存带宽上限</translation>
    </message>
    <message>
        <source>%1 (copy bandwidth within each level)</source>
        <translation>%1（各级缓存内部的拷贝带宽）</translation>
    </message>
    <message>
        <source>Counters</source>
        <translation>性能计数器</translation>
    </message>
    <message>
        <source>Ceilings measured busy</source>
        <translation>上限测量时机器繁忙</translation>
    </message>
</context>
<context>
    <name>accellab::gui::ThroughputChart</name>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Throughput against size</source>
        <translation>吞吐量与规模</translation>
    </message>
    <message>
        <source>no throughput</source>
        <translation>没有吞吐量</translation>
    </message>
    <message>
        <source>Run an experiment to see throughput against problem size.</source>
        <translation>运行一次实验，即可查看吞吐量随问题规模的变化。</translation>
    </message>
    <message>
        <source>B/s</source>
        <translation>B/s</translation>
    </message>
    <message>
        <source>samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <source>elements/s</source>
        <translation>元素/秒</translation>
    </message>
    <message>
        <source>samples per run (log)</source>
        <translation>每次运行的样本数（对数）</translation>
    </message>
    <message>
        <source>array elements (log)</source>
        <translation>数组元素数（对数）</translation>
    </message>
    <message>
        <source>throughput (%1, log)</source>
        <translation>吞吐量（%1，对数）</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Bandwidth against size</source>
        <translation>带宽与规模</translation>
    </message>
    <message>
        <source>bandwidth (%1, log)</source>
        <translation>带宽（%1，对数）</translation>
    </message>
    <message>
        <source>bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Cache sizes not drawn: the points move different bytes per element.</source>
        <translation>未绘制缓存大小：各测量点每个元素搬运的字节数不同。</translation>
    </message>
    <message>
        <source>Bandwidth (or elements per second where the points move no memory) against size, with the machine&apos;s measured copy ceiling and a line where each data cache fills: a line at the ceiling is memory-bound.</source>
        <translation>带宽（若测量点不访问内存，则为每秒处理的元素数）随问题规模的变化，并画出本机实测的复制带宽上限以及各级数据缓存被填满的位置：贴近上限的曲线是访存受限的。</translation>
    </message>
</context>
<context>
    <name>accellab::gui::TimeChart</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Time per run</source>
        <translation>每次运行时间</translation>
    </message>
    <message>
        <source>no samples above 0 s to draw</source>
        <translation>没有大于 0 秒的样本可绘制</translation>
    </message>
    <message>
        <source>Run an experiment to see the time of every variant.</source>
        <translation>运行一次实验，即可查看每个变体的时间。</translation>
    </message>
    <message>
        <source>time per run (%1, log)</source>
        <translation>每次运行时间（%1，对数）</translation>
    </message>
    <message>
        <source>time per run</source>
        <translation>每次运行时间</translation>
    </message>
    <message>
        <source>quartiles %1 – %2, whiskers %3 – %4</source>
        <translation>四分位数 %1 – %2，须线 %3 – %4</translation>
    </message>
    <message>
        <source>; %1 of %2 samples outside them (Tukey&apos;s fences), the slowest %3</source>
        <translation>；%2 个样本中有 %1 个在须线之外（Tukey 围栏），最慢 %3</translation>
    </message>
    <message>
        <source>an outlier: %1</source>
        <translation>一个离群样本：%1</translation>
    </message>
    <message>
        <source>%1 outliers up to %2</source>
        <translation>%1 个离群样本，最大 %2</translation>
    </message>
    <message>
        <source>Each variant&apos;s time with its spread (a box of its samples&apos; quartiles, whiskers to Tukey&apos;s fences, a dot for each sample beyond them), on a log axis.</source>
        <translation>每个变体的时间及其离散程度（样本四分位数的箱形图，须线到 Tukey 围栏，围栏外的每个样本画成一点），采用对数坐标轴。</translation>
    </message>
</context>
<context>
    <name>accellab::gui::UserGuideDialog</name>
    <message>
        <source>AccelLab User Guide</source>
        <translation>AccelLab 用户指南</translation>
    </message>
</context>
<context>
    <name>accellab::gui::WindowActions</name>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Compare &amp;With…</source>
        <translation>与…比较(&amp;W)</translation>
    </message>
    <message>
        <source>Open another session beside this one and compare its runs with this session&apos;s</source>
        <translation>在本会话旁打开另一个会话，并将其运行与本会话的运行进行比较</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Export Chart as &amp;PNG…</source>
        <translation>将图表导出为 PNG(&amp;P)…</translation>
    </message>
    <message>
        <source>Export Chart as S&amp;VG…</source>
        <translation>将图表导出为 SVG(&amp;V)…</translation>
    </message>
    <message>
        <source>Export &amp;All Charts…</source>
        <translation>导出全部图表(&amp;A)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Write every chart of the kernel shown to a folder, as PNG and SVG (Ctrl+Shift+E)</source>
        <translation>将所显示内核的每张图表以 PNG 和 SVG 格式写入一个文件夹 (Ctrl+Shift+E)</translation>
    </message>
    <message>
        <source>Export Results as &amp;CSV…</source>
        <translation>将结果导出为 CSV(&amp;C)…</translation>
    </message>
    <message>
        <source>Export Results as &amp;Markdown…</source>
        <translation>将结果导出为 Markdown(&amp;M)…</translation>
    </message>
    <message>
        <source>Load Kernel &amp;Plugin…</source>
        <translation>加载内核插件(&amp;P)…</translation>
    </message>
    <message>
        <source>Load your own kernels from a plugin built against AccelLab&apos;s SDK (docs/plugins.md); it is loaded again at the next start</source>
        <translation>从基于 AccelLab SDK 构建的插件加载你自己的内核（docs/plugins.md）；下次启动时会再次加载</translation>
    </message>
    <message>
        <source>Open P&amp;ython Benchmarks…</source>
        <translation>打开 Python 基准测试(&amp;Y)…</translation>
    </message>
    <message>
        <source>Measure your own Python: an asv-style benchmark file (docs/python.md), its benchmarks as kernels; it is opened again at the next start</source>
        <translation>测量您自己的 Python：asv 风格的基准测试文件（docs/python.md），其中的基准测试作为内核；下次启动时会再次打开</translation>
    </message>
    <message>
        <source>Plu&amp;gins…</source>
        <translation>插件(&amp;G)…</translation>
    </message>
    <message>
        <source>The kernel plugins loaded, and those that could not be</source>
        <translation>已加载的内核插件，以及无法加载的插件</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Ctrl+Q</source>
        <translation>Ctrl+Q</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Stop the run; points already measured are kept (Esc)</source>
        <translation>停止运行；已测量的点会保留 (Esc)</translation>
    </message>
    <message>
        <source>Re-run &amp;Unstable Points</source>
        <translation>重新测量不稳定的点(&amp;U)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>Measure the unstable points of the selected run (or the latest) again and keep the steadiest measurement of each</source>
        <translation>重新测量所选运行（或最近一次运行）中不稳定的点，并保留每个点最稳定的一次测量</translation>
    </message>
    <message>
        <source>Run &amp;Again with These Settings</source>
        <translation>按这些设置再次运行(&amp;A)</translation>
    </message>
    <message>
        <source>Fill the Experiment panel with the selected run&apos;s (or the latest run&apos;s) settings and measure them again as a new run</source>
        <translation>用所选运行（或最近一次运行）的设置填充“实验”面板，并作为新的运行再次测量</translation>
    </message>
    <message>
        <source>&amp;Delete Run</source>
        <translation>删除运行(&amp;D)</translation>
    </message>
    <message>
        <source>Delete the selected run and its measurements</source>
        <translation>删除所选运行及其测量结果</translation>
    </message>
    <message>
        <source>Re-&amp;measure Machine</source>
        <translation>重新测量本机(&amp;M)</translation>
    </message>
    <message>
        <source>Measure the machine&apos;s memory bandwidth again (a few seconds) instead of using the measurement kept from an earlier start</source>
        <translation>重新测量本机的内存带宽（需几秒钟），而不使用之前启动时保存的测量结果</translation>
    </message>
    <message>
        <source>&amp;Python Interpreter…</source>
        <translation>Python 解释器(&amp;P)…</translation>
    </message>
    <message>
        <source>Choose the python3 that runs the Python variants (python-loop, numpy, numba)</source>
        <translation>选择运行 Python 变体（python-loop、numpy、numba）的 python3</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>Show every panel where it was at first</source>
        <translation>将每个面板恢复到最初的位置</translation>
    </message>
    <message>
        <source>&amp;Next Chart</source>
        <translation>下一个图表(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Chart</source>
        <translation>上一个图表(&amp;P)</translation>
    </message>
    <message>
        <source>Follow &amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>AccelLab &amp;User Guide</source>
        <translation>AccelLab 用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About AccelLab</source>
        <translation>关于 AccelLab(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>GPU &amp;Kernel from Source…</source>
        <translation>从源代码添加 GPU 内核(&amp;K)…</translation>
    </message>
    <message>
        <source>Write or open a CUDA kernel of your own for add or triad: NVRTC compiles it and it runs beside the gpu variant (docs/cuda-source.md)</source>
        <translation>为 add 或 triad 编写或打开您自己的 CUDA 内核：由 NVRTC 编译，并与 gpu 变体一同运行（docs/cuda-source.md）</translation>
    </message>
    <message>
        <source>Run Every &amp;Kernel of the File</source>
        <translation>运行文件中的每个内核(&amp;K)</translation>
    </message>
    <message>
        <source>Measure every kernel of the file the selected kernel comes from, a run each: the selected one as the panel has it, the others with their own parameters</source>
        <translation>测量所选内核所在文件中的每个内核，每个一次运行：所选内核按面板设置，其他内核用各自的参数</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Profile compute kernels in their variants and chart the speedups.</source>
        <translation>以多种变体剖析计算内核的性能，并绘制加速比图表。</translation>
    </message>
    <message>
        <source>Render every chart of SESSION to PNG and exit: each kernel&apos;s latest run, or the runs given with --run.</source>
        <translation>将 SESSION 的每张图表渲染为 PNG 后退出：每个内核取最近一次运行，或取 --run 指定的运行。</translation>
    </message>
    <message>
        <source>With --export-charts: a run to chart, by id; repeat it to overlay several runs.</source>
        <translation>与 --export-charts 一起使用：按编号指定要绘制的运行；重复此选项可叠加多个运行。</translation>
    </message>
    <message>
        <source>Folder for --export-charts.</source>
        <translation>--export-charts 的输出文件夹。</translation>
    </message>
    <message>
        <source>A session file to open.</source>
        <translation>要打开的会话文件。</translation>
    </message>
    <message>
        <source>The user interface&apos;s language: system (the default), %1.</source>
        <translation>界面语言：system（默认，跟随系统）、%1。</translation>
    </message>
    <message>
        <source>With --export-charts: a line under each chart naming the machine, the date and the runs.</source>
        <translation>与 --export-charts 一起使用：在每张图表下方加一行说明，注明机器、日期和运行。</translation>
    </message>
</context>
</TS>
