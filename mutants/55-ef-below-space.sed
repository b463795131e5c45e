# rule: bounds
# file: drivers/rapidio/spec/voq_ef.c
# what: an extended-feature pointer below EF space (into the CAR/CSR space) is followed
s/return ptr >= RIO_VOQ_EF_SPACE_START \&\& ptr <= RIO_VOQ_EF_SPACE_END \&\&/return ptr != 0 \&\& ptr <= RIO_VOQ_EF_SPACE_END \&\&/
