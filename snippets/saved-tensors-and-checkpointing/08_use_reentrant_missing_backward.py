out3.backward()
