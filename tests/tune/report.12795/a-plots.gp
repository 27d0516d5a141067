# gnuplot script of mmreport: the sensitivity plots of tests/tune/report.12795/a.log
# (run from this directory: gnuplot a-plots.gp)

reset
set terminal png size 800,560
set output 'a-mflops-by-mu-nu.png'
set title "MFLOPS by register tile MU x NU (paper 002 Fig. 6(e))"
set grid
set datafile missing '-'
set key below
set offsets graph 0.08, graph 0.08, graph 0.08, graph 0.08
set xlabel "MU"
set ylabel "NU"
set xtics 1
set ytics 1
set cblabel "MFLOPS (screen)"
plot 'a-mflops-by-mu-nu.dat' using 1:2:3 with points pt 5 ps 6 palette notitle, \
  '' using 1:2:(sprintf("%.0f", $3)) with labels offset 0,-2 notitle, \
  '' using 1:($5 > 0 ? $2 : 1/0) with points pt 6 ps 8 lc rgb "black" title "chosen"

reset
set terminal png size 800,560
set output 'a-mflops-vs-ku.png'
set title "MFLOPS vs KU (paper 002 Fig. 6(h))"
set grid
set datafile missing '-'
set key below
set offsets graph 0.08, graph 0.08, graph 0.08, graph 0.08
set xlabel "KU"
set ylabel "MFLOPS"
set logscale x 2
plot 'a-mflops-vs-ku.dat' using 1:3 with linespoints pt 7 title "screen", \
  '' using 1:4 with points pt 1 ps 2 title "re-timed (median)", \
  '' using 1:($5 > 0 ? $3 : 1/0) with points pt 6 ps 3 lc rgb "black" title "chosen"

reset
set terminal png size 800,560
set output 'a-mflops-vs-ls.png'
set title "MFLOPS vs LS, FMA = 0 (paper 002 Fig. 6(i))"
set grid
set datafile missing '-'
set key below
set offsets graph 0.08, graph 0.08, graph 0.08, graph 0.08
set xlabel "LS"
set ylabel "MFLOPS"
plot 'a-mflops-vs-ls.dat' using 1:3 with linespoints pt 7 title "screen", \
  '' using 1:4 with points pt 1 ps 2 title "re-timed (median)", \
  '' using 1:($5 > 0 ? $3 : 1/0) with points pt 6 ps 3 lc rgb "black" title "chosen"
