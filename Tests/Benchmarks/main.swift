print("benchmarks: placeholder")
